import { slugify } from "@/lib/slug";

/**
 * Blog categories and the filter: plain TypeScript the browser island can import
 * without pulling in the build-time content loader.
 */
export const POST_CATEGORIES = [
  "Home Selling",
  "Real Estate Market",
  "Home Staging",
  "Market Analysis",
  "Estate Sales",
  "Financial Planning",
] as const;

export const ALL_POSTS = "All Posts";
export const BLOG_CATEGORIES = [ALL_POSTS, ...POST_CATEGORIES] as const;

export type PostCategory = (typeof POST_CATEGORIES)[number];
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** /blog?category=estate-sales: the filtered list as an address to share. */
export const CATEGORY_QUERY = "category";
/** Each card on /blog carries its category's slug here, for the filter to show or hide it. */
export const POST_CATEGORY_ATTRIBUTE = "data-post-category";
/** Where each category's list is pre-rendered, so a filter works without script. */
export const CATEGORY_PATH_PREFIX = "/blog/category/";

/** The category a `?category=` value names; anything unknown means All Posts. */
export function categoryFromSlug(slug: string | null | undefined): BlogCategory {
  return BLOG_CATEGORIES.find((category) => slugify(category) === slug) ?? ALL_POSTS;
}

/** The page that lists a category's posts: /blog for all of them. */
export function categoryHref(category: BlogCategory): string {
  return category === ALL_POSTS ? "/blog" : `${CATEGORY_PATH_PREFIX}${slugify(category)}`;
}

export function inCategory(post: { category: string }, category: BlogCategory): boolean {
  return category === ALL_POSTS || post.category === category;
}

export function countPosts(posts: readonly { category: string }[], category: BlogCategory): number {
  return posts.filter((post) => inCategory(post, category)).length;
}
