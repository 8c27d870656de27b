import type { ComponentProps } from "react";

import { cn } from "@/lib/utils";

export type ProgressProps = ComponentProps<"div"> & { value: number; max?: number; label: string };

/** A determinate progress bar, server-rendered: no script needed to draw it. */
export function Progress({ value, max = 100, label, className, ...props }: ProgressProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
      {...props}
    >
      <div
        className="h-full rounded-full bg-blue-700 transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${(value / max) * 100}%` }}
      />
    </div>
  );
}
