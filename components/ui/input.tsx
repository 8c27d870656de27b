import type { ComponentProps } from "react";

import { cn } from "@/lib/utils";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-12 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-blue-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-invalid:border-red-700",
        className,
      )}
      {...props}
    />
  );
}
