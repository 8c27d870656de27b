import { ArrowRight } from "lucide";

import { blogCopy } from "@/content/blog-page";
import type { PostMeta } from "@/lib/build/blog";
import { Badge } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";
import { PostDateline, PostImage, PostTags } from "@/components/blog/post-details";

export type PostCardProps = {
  post: Pick<
    PostMeta,
    | "slug"
    | "title"
    | "excerpt"
    | "category"
    | "date"
    | "updated"
    | "readTime"
    | "image"
    | "imageAlt"
    | "tags"
  >;
  headingLevel?: "h2" | "h3";
  /** The first card on /blog is its largest paint on a phone: fetch its image first. */
  imagePriority?: boolean;
};

export function PostCard({
  post,
  headingLevel: Heading = "h2",
  imagePriority = false,
}: PostCardProps) {
  const href = `/blog/${post.slug}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <PostImage post={post} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge className="self-start">{post.category}</Badge>
        <Heading className="text-xl leading-snug font-bold text-slate-950">
          <a href={href} className="hover:text-blue-700 hover:underline">
            {post.title}
          </a>
        </Heading>
        <p className="text-slate-700">{post.excerpt}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <PostDateline post={post} />
        </p>
        <PostTags tags={post.tags} />
        <a
          href={href}
          className="mt-auto inline-flex items-center gap-1 self-start pt-2 font-semibold text-blue-700 hover:underline"
        >
          {blogCopy.readMore}
          <span className="sr-only">: {post.title}</span>
          <Icon icon={ArrowRight} className="size-4" />
        </a>
      </div>
    </article>
  );
}
