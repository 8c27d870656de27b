import { Clock } from "lucide";

import { POST_IMAGE_SIZE, formatPostDate, type PostMeta } from "@/lib/blog";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
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

export function PostDateline({ post }: { post: Pick<PostMeta, "date" | "readTime"> }) {
  return (
    <>
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span className="flex items-center gap-1">
        <Icon icon={Clock} className="size-4" />
        {post.readTime}
      </span>
    </>
  );
}

export function PostTags({ tags }: { tags: readonly string[] }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
