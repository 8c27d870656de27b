import { ChevronDown } from "lucide";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";
import { Icon } from "@/components/ui/icon";

/**
 * The line that opens a native <details> (which must carry `group`): the text and a chevron
 * that turns when it is open. Opens without script, by mouse, touch or keyboard.
 */
export function DisclosureSummary({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <summary
      className={cn(
        "flex cursor-pointer list-none items-start justify-between gap-4 text-left font-semibold text-slate-950 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 [&::-webkit-details-marker]:hidden",
        className,
      )}
    >
      {children}
      <Icon
        icon={ChevronDown}
        className="mt-0.5 size-5 shrink-0 text-blue-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
      />
    </summary>
  );
}
