import type { ComponentProps } from "react";

import { cn } from "@/lib/utils";

export type ProgressProps = Omit<ComponentProps<"progress">, "value" | "max"> & {
  value: number;
  max?: number;
  label: string;
};

/**
 * A determinate progress bar: the native element, drawn without script and without an
 * inline style (the Content-Security-Policy allows none).
 */
export function Progress({ value, max = 100, label, className, ...props }: ProgressProps) {
  return (
    <progress
      aria-label={label}
      value={value}
      max={max}
      className={cn(
        "block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-blue-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-blue-700 [&::-webkit-progress-value]:transition-[width] [&::-webkit-progress-value]:duration-300 motion-reduce:[&::-webkit-progress-value]:transition-none",
        className,
      )}
      {...props}
    >
      {label}
    </progress>
  );
}
