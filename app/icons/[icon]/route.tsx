import { ImageResponse } from "next/og";

import { APP_ICONS } from "@/lib/icons";
import { brandMark } from "@/lib/build/og-assets";
import { AppIconImage } from "@/components/og/app-icon-image";

type Params = { icon: string };

// PNG app icons drawn from the favicon, public/icon.svg, at build into out/icons/<name>.png.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return APP_ICONS.map((icon) => ({ icon: icon.name }));
}

export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  const { icon: name } = await params;
  const icon = APP_ICONS.find((candidate) => candidate.name === name);
  if (!icon) return new Response("Not found", { status: 404 });
  return new ImageResponse(<AppIconImage {...icon} mark={await brandMark()} />, {
    width: icon.size,
    height: icon.size,
  });
}
