import { homeCopy } from "@/content/home";
import { homeCopyEs } from "@/content/es/home";
import { languageCopy } from "@/content/es/language";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { SPANISH_STATES, spanishStatePath, type Language } from "@/lib/languages";
import { statePath } from "@/lib/states";
import { STATES } from "@/supabase/functions/_shared/contract/states.ts";
import { Section } from "@/components/home/section";

type StateLink = { href: string; text: string; code: string };

function LinkList({ links, lang }: { links: readonly StateLink[]; lang?: string }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-5">
      {links.map((link) => (
        <li key={link.code}>
          <a
            href={link.href}
            {...(lang ? { hrefLang: lang } : {})}
            className="block rounded-md py-2 text-blue-800 underline-offset-4 hover:underline"
          >
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every state's page. In Spanish, the ten with a Spanish page first, by their Spanish names;
 * the others after them, said to be in English.
 */
export function StateLinks({ language = "en" }: { language?: Language }) {
  const copy = (language === "es" ? homeCopyEs : homeCopy).states;
  if (language === "en") {
    return (
      <Section id="states" title={copy.title} lead={copy.lead}>
        <LinkList
          links={STATES.map((state) => ({
            href: statePath(state.name),
            text: state.name,
            code: state.code,
          }))}
        />
      </Section>
    );
  }
  const spanish = new Set<string>(SPANISH_STATES);
  return (
    <Section id="states" title={copy.title} lead={copy.lead}>
      <LinkList
        links={SPANISH_STATES.map((name) => ({
          href: spanishStatePath(name),
          text: STATE_NAMES_ES[name],
          code: name,
        }))}
      />
      <h3 className="mt-8 text-lg font-bold text-slate-950">
        {languageCopy.otherStates} {languageCopy.englishOnly}
      </h3>
      <LinkList
        lang="en-US"
        links={STATES.filter((state) => !spanish.has(state.name)).map((state) => ({
          href: statePath(state.name),
          text: STATE_NAMES_ES[state.name],
          code: state.code,
        }))}
      />
    </Section>
  );
}
