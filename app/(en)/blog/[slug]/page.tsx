import type { Metadata } from "next";

import { blogCopy } from "@/content/blog-page";
import { getPost, getPosts, postModified, postOfferHref, relatedPosts } from "@/lib/build/blog";
import { buildMetadata } from "@/lib/seo";
import { postJsonLd } from "@/lib/structured-data";
import { PostArticle } from "@/components/blog/post-article";
import { PostNotFound } from "@/components/blog/post-not-found";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { slug: string };
type Props = { params: Promise<Params> };

/**
 * Static hosts answer a missing /blog/... path with the nearest 404.html, so the
 * Post Not Found screen is exported as out/blog/404.html from this reserved slug.
 */
const NOT_FOUND_SLUG = "404";

export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return [...getPosts().map((post) => ({ slug: post.slug })), { slug: NOT_FOUND_SLUG }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = getPost((await params).slug);
  if (!post) return { title: blogCopy.notFound.title, robots: { index: false } };
  return buildMetadata({
    title: post.title,
    description: post.excerpt,
    path: post.path,
    keywords: post.tags,
    article: { publishedTime: post.date, modifiedTime: postModified(post), tags: post.tags },
  });
}

export default async function BlogPostPage({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) {
    return (
      <SiteFrame language="en">
        <PostNotFound />
      </SiteFrame>
    );
  }
  return (
    <SiteFrame language="en">
      <>
        <JsonLd data={postJsonLd(post)} />
        <PostArticle
          post={post}
          related={relatedPosts(getPosts(), post.slug)}
          offerHref={postOfferHref(post)}
        />
      </>
    </SiteFrame>
  );
}
