import { homeCopy } from "@/content/home";
import { homeCopyEs } from "@/content/es/home";
import type { Language } from "@/lib/languages";
import { Section } from "@/components/home/section";

export function HowItWorks({ language = "en" }: { language?: Language }) {
  const { howItWorks } = language === "es" ? homeCopyEs : homeCopy;
  return (
    <Section id="how-it-works" title={howItWorks.title} lead={howItWorks.lead} className="bg-white">
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorks.steps.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-slate-50 p-6">
            <span className="flex size-10 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-950">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
