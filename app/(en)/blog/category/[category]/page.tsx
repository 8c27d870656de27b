import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { blogCopy } from "@/content/blog-page";
import { getPosts } from "@/lib/build/blog";
import { POST_CATEGORIES, type PostCategory } from "@/lib/blog-categories";
import { buildMetadata } from "@/lib/seo";
import { slugify } from "@/lib/slug";
import { BlogIndex } from "@/components/blog/blog-index";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { category: string };
type Props = { params: Promise<Params> };

/**
 * /blog filtered to one category, pre-rendered so the filter's links work without script
 * (and so /blog?category=… can be answered with it by hosts that rewrite on the query).
 * The list itself lives at /blog: search engines are pointed there.
 */
export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return POST_CATEGORIES.map((category) => ({ category: slugify(category) }));
}

function categoryFor(slug: string): PostCategory | undefined {
  return POST_CATEGORIES.find((category) => slugify(category) === slug);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = categoryFor((await params).category);
  if (!category) return {};
  return {
    ...buildMetadata({
      title: blogCopy.categoryTitle(category),
      description: blogCopy.seo.description,
      path: "/blog",
    }),
    robots: { index: false, follow: true },
  };
}

export default async function BlogCategoryPage({ params }: Props) {
  const category = categoryFor((await params).category);
  if (!category) notFound();
  return (
    <SiteFrame language="en">
      <BlogIndex posts={getPosts()} category={category} />
    </SiteFrame>
  );
}
