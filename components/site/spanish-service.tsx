import { Phone } from "lucide";

import { site } from "@/config/site";
import { contractLanguageCopy } from "@/content/es/language";
import { Icon } from "@/components/ui/icon";
import { PhoneLink } from "@/components/site/phone-link";

/**
 * On the Spanish pages that carry the offer form: the number answered in Spanish, and the
 * plain truth about the language of the contract and closing papers, as the company's
 * setting (COMPANY_SPANISH_CONTRACTS) says it signs them.
 */
export function SpanishService({ className }: { className?: string }) {
  const service = site.company.spanish;
  if (!service) return null;
  const words = contractLanguageCopy;
  return (
    <section aria-labelledby="spanish-service-title" data-spanish-service="" className={className}>
      <h2 id="spanish-service-title" className="text-xl font-bold text-slate-950">
        {words.title}
      </h2>
      {words[service.contracts].map((paragraph) => (
        <p key={paragraph} className="mt-3 text-slate-700">
          {paragraph}
        </p>
      ))}
      <p className="mt-3 flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
        {words.call}
        <PhoneLink
          phone={service.phone}
          tracked={false}
          className="inline-flex items-center gap-1 text-blue-800 underline"
        >
          <Icon icon={Phone} className="size-4" />
        </PhoneLink>
      </p>
    </section>
  );
}
