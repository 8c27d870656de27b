import { ArrowRight, Phone } from "lucide";

import { offerShortcutsCopy } from "@/content/offer-shortcuts";
import { offerShortcutsCopyEs } from "@/content/es/offer-shortcuts";
import type { Language } from "@/lib/languages";
import { contactPhone } from "@/lib/site-chrome";
import { cn } from "@/lib/utils";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";
import { PhoneLink } from "@/components/site/phone-link";

export type ClosingOfferProps = {
  /** The page's offer form, by its id. */
  formId: string;
  title: string;
  text: string;
  className?: string;
  language?: Language;
};

/**
 * The call to action that ends a long page with its offer form near the top: back to the
 * form (which takes the focus, as for the hero's link), or a call. Plain links, no script.
 */
export function ClosingOffer({
  formId,
  title,
  text,
  className,
  language = "en",
}: ClosingOfferProps) {
  const { closing } = language === "es" ? offerShortcutsCopyEs : offerShortcutsCopy;
  const { phone, tracked } = contactPhone(language);
  return (
    <section
      aria-labelledby="closing-offer-title"
      data-closing-offer=""
      className={cn("rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8", className)}
    >
      <h2 id="closing-offer-title" className="text-2xl font-extrabold text-slate-950">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{text}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <a href={`#${formId}`} className={buttonVariants({ size: "lg" })}>
          {closing.action}
          <Icon icon={ArrowRight} />
        </a>
        <PhoneLink
          phone={phone}
          tracked={tracked}
          className={buttonVariants({ variant: "outline", size: "lg" })}
        >
          <Icon icon={Phone} />
          {closing.call}{" "}
        </PhoneLink>
      </div>
    </section>
  );
}
