import type { Metadata } from "next";

import { site } from "@/config/site";
import { chromeCopy } from "@/content/es/chrome";
import { rootMetadata } from "@/lib/seo";
import { buttonVariants } from "@/components/ui/button";
import { Island } from "@/components/islands/island";
import { SiteDocument } from "@/components/site/site-document";
import { SiteFrame } from "@/components/site/site-frame";

import "./globals.css";

const words = chromeCopy.notFound;

export const metadata: Metadata = {
  ...rootMetadata(site.description),
  title: words.title,
  robots: { index: false },
};

/**
 * Any address the site does not have. The site has two root layouts, one per language
 * (app/(en), app/(es)), so the 404 page brings its own document, in English like the
 * specification's "Not-found page".
 */
export default function GlobalNotFound() {
  return (
    <SiteDocument language="en">
      <SiteFrame language="en">
        <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
          <Island name="missing-path-logger" props={{}} />
          <p className="text-7xl font-extrabold text-blue-700">404</p>
          <h1 className="mt-4 text-2xl font-bold text-slate-950">{words.heading}</h1>
          <p className="mt-2 text-slate-700">{words.text}</p>
          <a href="/" className={buttonVariants({ className: "mt-8" })}>
            {words.home}
          </a>
        </div>
      </SiteFrame>
    </SiteDocument>
  );
}
