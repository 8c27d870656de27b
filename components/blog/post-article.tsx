import { ArrowLeft } from "lucide";

import { blogCopy } from "@/content/blog-page";
import type { Post } from "@/lib/build/blog";
import { absoluteUrl } from "@/config/site";
import { COMPARE_PATH } from "@/lib/situations";
import { Badge } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";
import { PostCard } from "@/components/blog/post-card";
import { PostOfferCard } from "@/components/blog/post-offer-card";
import { PostDateline, PostImage, PostTags } from "@/components/blog/post-details";
import { Island } from "@/components/islands/island";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type PostArticleProps = {
  post: Post;
  related: readonly Post[];
  /** The offer form the post's closing card leads to: the home page's, or a situation page's. */
  offerHref: string;
};

export function PostArticle({ post, related, offerHref }: PostArticleProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumb
        items={[
          { name: "Home", href: "/" },
          { name: "Blog", href: "/blog" },
          { name: post.title, href: post.path },
        ]}
      />
      <article className="mt-6">
        <PostImage post={post} priority className="rounded-2xl" />
        <header className="mt-8 space-y-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
            <Badge>{post.category}</Badge>
            <PostDateline post={post} />
          </div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">
            {post.title}
          </h1>
          <PostTags tags={post.tags} />
        </header>
        <div
          className="prose prose-slate prose-a:text-blue-700 prose-headings:text-slate-950 mt-8 max-w-none"
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <PostOfferCard offerHref={offerHref} compareHref={COMPARE_PATH} />
        <footer className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6">
          <a
            href="/blog"
            className="inline-flex items-center gap-2 font-semibold text-blue-700 hover:underline"
          >
            <Icon icon={ArrowLeft} className="size-4" />
            {blogCopy.backToBlog}
          </a>
          <Island
            name="share-button"
            props={{ title: post.title, text: post.excerpt, url: absoluteUrl(post.path) }}
          />
        </footer>
      </article>

      <section aria-labelledby="related-title" className="mt-16">
        <h2 id="related-title" className="text-2xl font-extrabold text-slate-950">
          {blogCopy.related}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {related.map((other) => (
            <li key={other.slug}>
              <PostCard post={other} headingLevel="h3" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
