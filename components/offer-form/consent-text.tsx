import type { ConsentPart } from "@/content/consent";
import { cn } from "@/lib/utils";

export type ConsentTextProps = {
  id?: string;
  parts: readonly ConsentPart[];
  className?: string;
  /** "span" inside a label, which may hold only phrasing content. */
  as?: "p" | "span";
};

/** Consent wording with its links to the policies it names. */
export function ConsentText({ id, parts, className, as: Element = "p" }: ConsentTextProps) {
  return (
    <Element id={id} className={cn("text-xs text-slate-600", className)}>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          part
        ) : (
          <a key={index} href={part.href} className="font-medium text-blue-800 underline">
            {part.text}
          </a>
        ),
      )}
    </Element>
  );
}
