import type { MetadataRoute } from "next";

import { APP_ICONS, iconPath } from "@/lib/icons";
import { site } from "@/config/site";

export const dynamic = "force-static";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: site.name,
    short_name: site.name,
    description: site.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: site.themeColor,
    icons: APP_ICONS.filter((icon) => icon.name !== "apple-touch-icon.png").map((icon) => ({
      src: iconPath(icon.name),
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}
