import type { ReactNode } from "react";
import { Phone } from "lucide";

import { offerShortcutsCopy } from "@/content/offer-shortcuts";
import { offerShortcutsCopyEs } from "@/content/es/offer-shortcuts";
import type { Language } from "@/lib/languages";
import { contactPhone } from "@/lib/site-chrome";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";
import { PhoneLink } from "@/components/site/phone-link";

export type OfferBarRegionProps = {
  /** The page's offer form, by its id: where Get my offer leads. */
  formId: string;
  className?: string;
  /** The middle of the page: after its opening offer, before its closing one. */
  children: ReactNode;
  language?: Language;
};

/**
 * The middle of a long page, carrying the offer bar: Call and Get my offer, fixed at the
 * bottom of a phone's screen (none from `md` up) while this region fills the screen, that
 * is once the page's own ways to act have scrolled away and until the closing one or the
 * footer comes up. The scroll alone shows and hides it (globals.css, a view timeline of
 * this region), with or without script.
 */
export function OfferBarRegion({
  formId,
  className,
  children,
  language = "en",
}: OfferBarRegionProps) {
  const { bar } = language === "es" ? offerShortcutsCopyEs : offerShortcutsCopy;
  const { phone, tracked } = contactPhone(language);
  return (
    <div data-offer-bar-region="" className={className}>
      {children}
      {/* Fixed and see-through: taps pass through the shell to the page, not through the bar. */}
      <div
        data-offer-bar=""
        className="pointer-events-none fixed inset-x-0 bottom-0 z-40 md:hidden print:hidden"
      >
        <nav
          aria-label={bar.label}
          className="pointer-events-auto h-16 border-t border-slate-200 bg-white px-4 shadow-[0_-4px_16px_rgb(15_23_42/0.08)]"
        >
          <div className="mx-auto grid h-full max-w-md grid-cols-2 items-center gap-3">
            <PhoneLink
              phone={phone}
              tracked={tracked}
              className={buttonVariants({ variant: "outline", size: "lg" })}
              numberClassName="sr-only"
            >
              <Icon icon={Phone} />
              {bar.call}{" "}
            </PhoneLink>
            <a href={`#${formId}`} className={buttonVariants({ size: "lg" })}>
              {bar.offer}
            </a>
          </div>
        </nav>
      </div>
    </div>
  );
}
