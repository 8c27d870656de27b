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
      className={cn("progress-bar", className)}
      {...props}
    >
      {label}
    </progress>
  );
}
