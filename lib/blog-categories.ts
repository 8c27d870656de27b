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

export function categorySlug(category: string): string {
  return category.toLowerCase().replace(/\s+/g, "-");
}

/** The category a `?category=` value names; anything unknown means All Posts. */
export function categoryFromSlug(slug: string | null | undefined): BlogCategory {
  return BLOG_CATEGORIES.find((category) => categorySlug(category) === slug) ?? ALL_POSTS;
}

export function filterPosts<T extends { category: string }>(
  posts: readonly T[],
  category: BlogCategory,
): T[] {
  return category === ALL_POSTS ? [...posts] : posts.filter((post) => post.category === category);
}
