import { BadgeCheck, CircleCheck } from "lucide";

import { homeCopy } from "@/content/home";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";

export type HeroProps = { formId: string };

export function Hero({ formId }: HeroProps) {
  const { hero } = homeCopy;
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-blue-900 to-blue-700 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
          {hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl"
        >
          {hero.title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-blue-50">{hero.lead}</p>
        <ul className="mt-6 grid max-w-2xl gap-3 sm:grid-cols-2">
          {hero.promises.map((promise) => (
            <li key={promise} className="flex items-center gap-2 font-semibold">
              <Icon icon={CircleCheck} className="size-5 shrink-0 text-amber-300" />
              {promise}
            </li>
          ))}
        </ul>
        {/* The offer form answers clicks on links to it by focusing its first field. */}
        <a
          href={`#${formId}`}
          className={buttonVariants({ variant: "accent", size: "lg", className: "mt-8" })}
        >
          {hero.cta}
        </a>
        <ul aria-label="Why homeowners trust us" className="mt-10 flex flex-wrap gap-3">
          {hero.badges.map((badge) => (
            <li
              key={badge.label}
              className="flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm ring-1 ring-white/25"
            >
              <Icon icon={BadgeCheck} className="size-4 text-amber-300" />
              <span className="font-bold">{badge.value}</span>
              <span>{badge.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
