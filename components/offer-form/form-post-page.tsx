import { Phone } from "lucide";
import type { ReactNode } from "react";

import { callUs } from "@/content/form-post-pages";
import { callUsEs } from "@/content/es/form-post-pages";
import type { Language } from "@/lib/languages";
import { contactPhone } from "@/lib/site-chrome";
import { Icon } from "@/components/ui/icon";
import { PhoneLink } from "@/components/site/phone-link";

export type FormPostPageProps = {
  title: string;
  text: string;
  /** role="alert" where the request was not taken. */
  alert?: boolean;
  children?: ReactNode;
  language?: Language;
};

/** A page the offer form lands on after posting itself: what became of the request, and the phone. */
export function FormPostPage({
  title,
  text,
  alert = false,
  children,
  language = "en",
}: FormPostPageProps) {
  const { phone, tracked } = contactPhone(language);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16">
      <div role={alert ? "alert" : undefined} className="space-y-3">
        <h1 className="text-3xl font-extrabold text-slate-950">{title}</h1>
        <p className="text-lg text-slate-800">{text}</p>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
        {language === "es" ? callUsEs : callUs}
        <PhoneLink
          phone={phone}
          tracked={tracked}
          className="inline-flex items-center gap-1 text-blue-800 underline"
        >
          <Icon icon={Phone} className="size-4" />
        </PhoneLink>
      </p>
      {children}
    </div>
  );
}
