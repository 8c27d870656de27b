import { Clock } from "lucide";

import { blogCopy } from "@/content/blog-page";
import { POST_IMAGE_SIZE, formatPostDate, type PostMeta } from "@/lib/build/blog";
import { cn } from "@/lib/utils";
import { Icon } from "@/components/ui/icon";

/** The pieces a post card and a post page both show. */
export type PostImageProps = {
  post: Pick<PostMeta, "image" | "imageAlt">;
  /** The image is the page's largest paint (a post's hero, the first card); the rest wait. */
  priority?: boolean;
  className?: string;
};

export function PostImage({ post, priority = false, className }: PostImageProps) {
  return (
    <img
      src={post.image}
      alt={post.imageAlt}
      width={POST_IMAGE_SIZE.width}
      height={POST_IMAGE_SIZE.height}
      {...(priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" })}
      className={cn("aspect-[40/21] h-auto w-full bg-blue-50 object-cover", className)}
    />
  );
}

export function PostDateline({ post }: { post: Pick<PostMeta, "date" | "updated" | "readTime"> }) {
  return (
    <>
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      {post.updated ? (
        <span data-post-updated="" className="font-semibold text-slate-700">
          {blogCopy.updated} <time dateTime={post.updated}>{formatPostDate(post.updated)}</time>
        </span>
      ) : null}
      {/* The clock sets the read time apart; a separator dot was left alone at line ends. */}
      <span className="flex items-center gap-1 whitespace-nowrap">
        <Icon icon={Clock} className="size-4" />
        {post.readTime}
      </span>
    </>
  );
}

/** Tags as plain words: they describe the article and lead nowhere, so nothing looks pressable. */
export function PostTags({ tags }: { tags: readonly string[] }) {
  return (
    <div className="text-sm text-slate-600">
      <span className="font-semibold text-slate-700" aria-hidden="true">
        Tags:{" "}
      </span>
      <ul aria-label="Tags" className="inline">
        {tags.map((tag, index) => (
          <li key={tag} className="inline after:content-['_']">
            {tag}
            {index < tags.length - 1 ? "," : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
