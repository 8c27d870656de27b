import { ArrowRight, Building2, Hammer, House, KeyRound, ScrollText, Trees } from "lucide";

import { homeCopy, type PropertyGuide } from "@/content/home";
import { homeCopyEs } from "@/content/es/home";
import { SITUATION_WORDS_ES, situationsCopyEs } from "@/content/es/situations";
import { hasSpanishGuide, spanishGuidePath, type Language } from "@/lib/languages";
import { getPost } from "@/lib/build/blog";
import { getComparePage, situationLink } from "@/lib/build/situations";
import { Icon, type IconNode } from "@/components/ui/icon";
import { Section } from "@/components/home/section";

const icons: Record<(typeof homeCopy.propertyTypes.items)[number]["icon"], IconNode> = {
  scroll: ScrollText,
  key: KeyRound,
  building: Building2,
  trees: Trees,
  hammer: Hammer,
  house: House,
};

/** Where a property type's guide is and its title; a post that is not there stops the build. */
function guideLink(guide: PropertyGuide): { href: string; title: string } {
  if ("situation" in guide) return situationLink(guide.situation);
  if ("compare" in guide) {
    const compare = getComparePage();
    return { href: compare.path, title: compare.title };
  }
  const post = getPost(guide.post);
  if (!post) throw new Error(`content/home.ts: no blog post "${guide.post}" in content/blog.`);
  return { href: post.path, title: post.title };
}

/** On a Spanish page, the Spanish guide for a situation; a card without one links none. */
function spanishGuideLink(guide: PropertyGuide): { href: string; title: string } | null {
  if (!("situation" in guide) || !hasSpanishGuide(guide.situation)) return null;
  const { situation } = guide;
  return {
    href: spanishGuidePath(situation),
    title: `${situationsCopyEs.index.read}: ${SITUATION_WORDS_ES[situation]}`,
  };
}

/** The guide for a kind of property, named by its own title. */
function GuideLink({ href, title }: { href: string; title: string }) {
  return (
    <a
      href={href}
      className="mt-auto inline-flex items-start gap-1 pt-4 font-semibold text-blue-700 underline-offset-4 hover:underline"
    >
      {title}
      <Icon icon={ArrowRight} className="mt-1 size-4 shrink-0" />
    </a>
  );
}

export function PropertyTypes({ language = "en" }: { language?: Language }) {
  const { propertyTypes } = language === "es" ? homeCopyEs : homeCopy;
  const linkOf = (guide: PropertyGuide) =>
    language === "es" ? spanishGuideLink(guide) : guideLink(guide);
  return (
    <Section id="property-types" title={propertyTypes.title} lead={propertyTypes.lead}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {propertyTypes.items.map((item) => {
          return (
            <li
              key={item.title}
              data-property-type={item.title}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <Icon icon={icons[item.icon]} className="size-8 text-blue-700" />
              <h3 className="mt-4 text-lg font-bold text-slate-950">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
              {item.guide && linkOf(item.guide) ? <GuideLink {...linkOf(item.guide)!} /> : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
