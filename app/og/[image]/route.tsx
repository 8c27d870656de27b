import { ImageResponse } from "next/og";

import { brandMark, ogFonts } from "@/lib/build/og-assets";
import { getPublicPages } from "@/lib/build/pages";
import { OG_IMAGE_SIZE, ogImageName } from "@/lib/seo";
import { OgCard } from "@/components/og/og-card";

type Params = { image: string };

// Rendered once at build into out/og/<page>.png; the .png in the name gives static
// hosts the image/png content type that extension-less metadata images lack.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return getPublicPages().map((page) => ({ image: ogImageName(page.path) }));
}

export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  const { image } = await params;
  const page = getPublicPages().find((candidate) => ogImageName(candidate.path) === image);
  if (!page) return new Response("Not found", { status: 404 });
  const [fonts, mark] = await Promise.all([ogFonts(), brandMark()]);
  return new ImageResponse(<OgCard {...page.og} mark={mark} />, { ...OG_IMAGE_SIZE, fonts });
}
