import type { Metadata } from "next";

import { blogCopy } from "@/content/blog-page";
import { getPosts } from "@/lib/blog";
import { buildMetadata } from "@/lib/seo";
import { blogJsonLd } from "@/lib/structured-data";
import { BlogFilter } from "@/components/blog/blog-filter";
import { PostCard } from "@/components/blog/post-card";
import { Breadcrumb } from "@/components/site/breadcrumb";
import { JsonLd } from "@/components/site/json-ld";

export const metadata: Metadata = buildMetadata({
  title: blogCopy.seo.title,
  description: blogCopy.seo.description,
  path: "/blog",
  rssFeed: true,
});

export default function BlogPage() {
  const posts = getPosts();
  const items = posts.map((post, index) => ({
    slug: post.slug,
    category: post.category,
    card: <PostCard post={post} imagePriority={index === 0} />,
  }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <JsonLd data={blogJsonLd(posts)} />
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
      <BlogFilter items={items} />
    </div>
  );
}
