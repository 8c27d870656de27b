import type { IconNode } from "lucide";
import { createElement, type SVGProps } from "react";

export type { IconNode };

export type IconProps = SVGProps<SVGSVGElement> & { icon: IconNode };

/**
 * Draws a Lucide icon from lucide's plain data. Not lucide-react: its icon component
 * is a client component, so even icons in server components shipped its runtime to
 * every page; this renders to plain SVG in the HTML and costs no script.
 */
export function Icon({ icon, className = "size-4", ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...props}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
