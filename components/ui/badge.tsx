import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full font-semibold", {
  variants: {
    variant: {
      default: "bg-blue-100 text-blue-900",
      accent: "bg-amber-100 text-amber-950",
      outline: "border border-slate-300 text-slate-700",
    },
    size: {
      default: "px-2.5 py-0.5 text-xs",
      /** Room for a small button at the end, such as a remove ×. */
      removable: "py-1 pr-1 pl-3 text-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={badgeVariants({ variant, size, className })} {...props} />;
}
