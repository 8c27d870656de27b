"use client";

import { Share2 } from "lucide";

import { blogCopy as copy } from "@/content/blog-page";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { Icon } from "@/components/ui/icon";

export type ShareButtonProps = { title: string; text: string; url: string };

/** The system share sheet where the browser has one; otherwise the link goes to the clipboard. */
export function ShareButton({ title, text, url }: ShareButtonProps) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast(copy.linkCopied);
    } catch {
      toast(copy.copyFailed);
    }
  }

  return (
    <Button type="button" variant="outline" onClick={() => void share()}>
      <Icon icon={Share2} />
      {copy.share}
    </Button>
  );
}
