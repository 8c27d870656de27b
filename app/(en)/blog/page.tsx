import type { Metadata } from "next";

import { blogCopy } from "@/content/blog-page";
import { getPosts } from "@/lib/build/blog";
import { ALL_POSTS } from "@/lib/blog-categories";
import { buildMetadata } from "@/lib/seo";
import { blogJsonLd } from "@/lib/structured-data";
import { BlogIndex } from "@/components/blog/blog-index";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";

export const metadata: Metadata = buildMetadata({
  title: blogCopy.seo.title,
  description: blogCopy.seo.description,
  path: "/blog",
  rssFeed: true,
});

export default function BlogPage() {
  const posts = getPosts();
  return (
    <SiteFrame language="en">
      <>
        <JsonLd data={blogJsonLd(posts)} />
        <BlogIndex posts={posts} category={ALL_POSTS} />
      </>
    </SiteFrame>
  );
}
