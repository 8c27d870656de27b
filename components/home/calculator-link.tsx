import { Calculator } from "lucide";

import { CALCULATOR_PATH } from "@/content/calculator";
import { homeCopy } from "@/content/home";
import { CALCULATOR_PATH_ES } from "@/content/es/calculator";
import { homeCopyEs } from "@/content/es/home";
import type { Language } from "@/lib/languages";
import { Icon } from "@/components/ui/icon";
import { Section } from "@/components/home/section";

/** The home page's pointer to the net-proceeds calculator. */
export function CalculatorLink({ language = "en" }: { language?: Language }) {
  const copy = (language === "es" ? homeCopyEs : homeCopy).calculator;
  return (
    <Section id="calculator" title={copy.title} lead={copy.lead} className="bg-white">
      <a
        href={language === "es" ? CALCULATOR_PATH_ES : CALCULATOR_PATH}
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-blue-700 px-5 py-3 font-bold text-white hover:bg-blue-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <Icon icon={Calculator} className="size-5 shrink-0" />
        {copy.link}
      </a>
    </Section>
  );
}
