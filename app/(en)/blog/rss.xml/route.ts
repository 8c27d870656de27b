import { getPosts } from "@/lib/build/blog";
import { buildRssFeed } from "@/lib/feed";

// Written once at build to out/blog/rss.xml.
export const dynamic = "force-static";

export function GET() {
  return new Response(buildRssFeed(getPosts()), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
