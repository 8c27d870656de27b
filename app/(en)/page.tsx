import type { Metadata } from "next";

import { homeCopy } from "@/content/home";
import { buildMetadata } from "@/lib/seo";
import { site } from "@/config/site";
import { HomePage } from "@/components/home/home-page";

export const metadata: Metadata = buildMetadata({
  title: homeCopy.seo.title,
  description: homeCopy.seo.description,
  path: "/",
  keywords: site.keywords,
});

export default function Home() {
  return <HomePage language="en" />;
}
