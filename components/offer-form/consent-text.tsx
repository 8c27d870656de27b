import type { ConsentPart } from "@/content/consent";
import { cn } from "@/lib/utils";

export type ConsentTextProps = {
  id?: string;
  parts: readonly ConsentPart[];
  className?: string;
};

/** Consent wording with its links to the Terms and the Privacy Policy. */
export function ConsentText({ id, parts, className }: ConsentTextProps) {
  return (
    <p id={id} className={cn("text-xs text-slate-600", className)}>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          part
        ) : (
          <a key={index} href={part.href} className="font-medium text-blue-800 underline">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}
