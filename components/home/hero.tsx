import { BadgeCheck, CircleCheck } from "lucide";

import { homeCopy } from "@/content/home";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { homeCopyEs } from "@/content/es/home";
import type { Language } from "@/lib/languages";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";
import { ClaimLink } from "@/components/site/claim-link";

export type HeroProps = { formId: string; language?: Language };

/** The promises, beside the offer form on large screens and just above it on phones. */
export function Hero({ formId, language = "en" }: HeroProps) {
  const { hero } = language === "es" ? homeCopyEs : homeCopy;
  const chrome = language === "es" ? chromeCopyEs : chromeCopy;
  return (
    <section aria-labelledby="hero-title" className="text-white lg:py-6">
      <p className="text-xs font-semibold tracking-wide text-amber-300 uppercase sm:text-sm">
        {hero.eyebrow}
      </p>
      <h1
        id="hero-title"
        className="mt-2 text-3xl font-extrabold tracking-tight sm:mt-3 sm:text-5xl"
      >
        {hero.title}
      </h1>
      {/* On phones the promises below say it in fewer lines, keeping the form in view. */}
      <p className="mt-4 hidden max-w-2xl text-lg text-blue-50 sm:block">{hero.lead}</p>
      <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:mt-6 sm:gap-3 sm:text-base">
        {hero.promises.map((promise) => (
          <li key={promise} className="flex items-start gap-2 font-semibold">
            <Icon icon={CircleCheck} className="mt-0.5 size-4 shrink-0 text-amber-300 sm:size-5" />
            {promise}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 sm:mt-8">
        {/* The offer form answers clicks on links to it by focusing its first field. */}
        <a href={`#${formId}`} className={buttonVariants({ variant: "accent", size: "lg" })}>
          {hero.cta}
        </a>
        <ul aria-label={chrome.hero.trustLabel} className="flex flex-wrap gap-2">
          {hero.badges.map((badge) => (
            <li
              key={badge.label}
              className="rounded-full bg-white/10 text-xs ring-1 ring-white/25 sm:text-sm"
            >
              <ClaimLink
                claim={badge.claim}
                {...(badge.claim ? { leadsTo: chrome.claims[badge.claim].leadsTo } : {})}
                className="flex items-center gap-1.5 px-3 py-1"
              >
                <Icon icon={BadgeCheck} className="size-4 text-amber-300" />
                <span className="font-bold">{badge.value}</span>
                <span>{badge.label}</span>
              </ClaimLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
