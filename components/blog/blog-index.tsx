import { blogCopy } from "@/content/blog-page";
import type { Post } from "@/lib/build/blog";
import { POST_CATEGORY_ATTRIBUTE, inCategory, type BlogCategory } from "@/lib/blog-categories";
import { slugify } from "@/lib/slug";
import { PostCard } from "@/components/blog/post-card";
import { Island } from "@/components/islands/island";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type BlogIndexProps = {
  posts: readonly Post[];
  /** All Posts on /blog; one category on its pre-rendered page. */
  category: BlogCategory;
};

/** The blog list: every card in the HTML, the ones outside the category hidden. */
export function BlogIndex({ posts, category }: BlogIndexProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Breadcrumb
        items={[
          { name: "Home", href: "/" },
          { name: "Blog", href: "/blog" },
        ]}
      />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-950">
        {blogCopy.title}
      </h1>
      <p className="mt-3 mb-10 max-w-3xl text-lg text-slate-700">{blogCopy.lead}</p>
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <Island
          name="blog-filter"
          props={{
            posts: posts.map((post) => ({ slug: post.slug, category: post.category })),
            category,
          }}
        />
        <ul className="grid gap-6 md:grid-cols-2 lg:col-start-2">
          {posts.map((post, index) => (
            <li
              key={post.slug}
              {...{ [POST_CATEGORY_ATTRIBUTE]: slugify(post.category) }}
              hidden={!inCategory(post, category)}
            >
              <PostCard post={post} imagePriority={index === 0} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
