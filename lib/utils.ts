import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Without tailwind-merge on purpose: it is ~8.6 KB gzip on every
 * page with an island, which the 80 KB page script budget cannot afford. So primitives
 * take only classes that do not fight their own (spacing around them, not instead of
 * theirs), and alternatives are variants or state variants (aria-pressed:, data-*).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
