/**
 * The favicon is the brand mark, public/icon.svg; the PNG app icons are drawn from
 * it at build time by app/icons/[icon]/route.tsx. The manifest, the layout and the
 * JSON-LD logo name them from here.
 */
export const FAVICON = { path: "/icon.svg", file: "public/icon.svg" } as const;

export const ICON_DIR = "/icons";

export type AppIcon = {
  name: string;
  size: number;
  /** "maskable" leaves the 20% safe-zone margin that Android's masks may cut. */
  purpose: "any" | "maskable";
  /** iOS and Android masks need a filled square; a browser tab shows the rounded mark as drawn. */
  opaque: boolean;
};

export const APP_ICONS = [
  { name: "icon-192.png", size: 192, purpose: "any", opaque: false },
  { name: "icon-512.png", size: 512, purpose: "any", opaque: false },
  { name: "icon-maskable-512.png", size: 512, purpose: "maskable", opaque: true },
  { name: "apple-touch-icon.png", size: 180, purpose: "any", opaque: true },
] as const satisfies readonly AppIcon[];

export type AppIconName = (typeof APP_ICONS)[number]["name"];

export function iconPath(name: AppIconName): string {
  return `${ICON_DIR}/${name}`;
}

export const APPLE_TOUCH_ICON = { path: iconPath("apple-touch-icon.png"), size: 180 } as const;

/** The square logo named in the Organization JSON-LD. */
export const LOGO = { path: iconPath("icon-512.png"), size: 512 } as const;
