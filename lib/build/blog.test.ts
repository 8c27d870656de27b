import {
  formatPostDate,
  getPost,
  getPosts,
  parseFrontMatter,
  postModified,
  relatedPosts,
} from "@/lib/build/blog";
import {
  BLOG_CATEGORIES,
  categoryFromSlug,
  categoryHref,
  countPosts,
  inCategory,
} from "@/lib/blog-categories";
import { slugify } from "@/lib/slug";

const posts = getPosts();

describe("blog posts", () => {
  it("has six posts in list order, one in each real category", () => {
    expect(posts).toHaveLength(6);
    expect(posts.map((post) => post.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(posts.map((post) => post.category)).toEqual(BLOG_CATEGORIES.slice(1));
  });

  it.each(posts.map((post) => [post.slug, post] as const))(
    "%s is a real article of at least 700 words with a matching read time",
    (_slug, post) => {
      const words = post.html
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(700);
      const minutes = Number(post.readTime.split(" ")[0]);
      expect(Math.abs(minutes - words / 200)).toBeLessThanOrEqual(1.5);
      expect(post.html).toMatch(/<h2 id="[a-z0-9-]+">/);
      expect(post.html).not.toMatch(/<h1|lorem ipsum/i);
      expect(post.path).toBe(`/blog/${post.slug}`);
    },
  );

  it("cites the commission and cash discount figures as editorial facts", () => {
    const text = posts.map((post) => post.html).join(" ");
    expect(text).toMatch(/5% to 6%/);
    expect(text).toMatch(/10% to 20% below/);
  });

  it("opens each post written for 2024 with what has changed since, its figures sourced", () => {
    const dated = posts.filter((post) => post.title.includes("2024"));
    expect(dated).toHaveLength(2);
    for (const post of dated) {
      const opening = post.html.slice(0, post.html.indexOf("</p>"));
      expect(opening).toMatch(/^<p>[^<]*2024/);
      expect(opening).toContain('<a href="#what-has-changed-since-2024">');
      // Every figure in it links the page it comes from.
      expect(opening.match(/<a href="https:/g)?.length).toBeGreaterThanOrEqual(3);
      expect(opening).toContain("November 27, 2026");
      expect(post.updated).toBe("2026-11-27");
    }
  });

  it("finds a post by slug and nothing for an unknown one", () => {
    expect(getPost(posts[0]!.slug)?.title).toBe(posts[0]!.title);
    expect(getPost("no-such-post")).toBeUndefined();
  });
});

describe("front matter check", () => {
  const valid = {
    id: 7,
    title: "A title long enough",
    excerpt: "An excerpt that is long enough to describe the post in a search result snippet, yes.",
    category: "Estate Sales",
    readTime: "6 min read",
    date: "2024-05-22",
    image: "/blog/example.svg",
    imageAlt: "An illustration of a house",
    tags: ["Probate"],
    slug: "example",
  };

  it("accepts complete front matter", () => {
    expect(parseFrontMatter(valid, "content/blog/example.md").slug).toBe("example");
  });

  it.each([
    ["a missing title", { ...valid, title: undefined }, /title/],
    ["an unknown category", { ...valid, category: "Gardening" }, /category/],
    ["a bad read time", { ...valid, readTime: "six minutes" }, /6 min read/],
    ["a bad date", { ...valid, date: "May 22" }, /date/],
    ["an unknown key", { ...valid, author: "Ann" }, /author/],
    [
      "an update before the post",
      { ...valid, updated: "2024-05-21" },
      /updated: must not be before/,
    ],
    ["a bad update date", { ...valid, updated: "last week" }, /updated/],
  ])("refuses %s and names the file", (_case, data, problem) => {
    expect(() => parseFrontMatter(data, "content/blog/example.md")).toThrow(
      /content\/blog\/example\.md/,
    );
    expect(() => parseFrontMatter(data, "content/blog/example.md")).toThrow(problem);
  });

  it("accepts an update on or after the post's date", () => {
    const meta = parseFrontMatter({ ...valid, updated: "2026-11-25" }, "content/blog/example.md");
    expect(meta.updated).toBe("2026-11-25");
    expect(postModified(meta)).toBe("2026-11-25");
    expect(postModified(valid)).toBe("2024-05-22");
  });

  it("refuses a slug that differs from the file name", () => {
    expect(() => parseFrontMatter(valid, "content/blog/other.md")).toThrow(
      /must match the file name/,
    );
  });
});

describe("related posts and the filter", () => {
  const list = ["a", "b", "c", "d"].map((slug, index) => ({
    slug,
    category: index % 2 ? "Estate Sales" : "Home Selling",
  }));

  it("relates the first two other posts in list order", () => {
    expect(relatedPosts(list, "a").map((post) => post.slug)).toEqual(["b", "c"]);
    expect(relatedPosts(list, "b").map((post) => post.slug)).toEqual(["a", "c"]);
    expect(relatedPosts(list, "d").map((post) => post.slug)).toEqual(["a", "b"]);
  });

  it("shows every post for All Posts and only the chosen category otherwise", () => {
    expect(countPosts(list, "All Posts")).toBe(4);
    expect(
      list.filter((post) => inCategory(post, "Estate Sales")).map((post) => post.slug),
    ).toEqual(["b", "d"]);
    expect(countPosts(list, "Market Analysis")).toBe(0);
  });

  it("turns categories into URL values, pages and back", () => {
    expect(slugify("Estate Sales")).toBe("estate-sales");
    expect(categoryHref("Estate Sales")).toBe("/blog/category/estate-sales");
    expect(categoryHref("All Posts")).toBe("/blog");
    expect(categoryFromSlug("estate-sales")).toBe("Estate Sales");
    expect(categoryFromSlug("real-estate-market")).toBe("Real Estate Market");
    expect(categoryFromSlug("nonsense")).toBe("All Posts");
    expect(categoryFromSlug(null)).toBe("All Posts");
  });

  it("formats dates the same in every time zone", () => {
    expect(formatPostDate("2024-01-15")).toBe("January 15, 2024");
  });
});
