import { Check, Phone } from "lucide";

import type { ConsentPart } from "@/content/consent";
import type { OfferFormCopy } from "@/content/offer-form";
import type { OfferDraft } from "@/lib/browser/offer-wizard";
import { FORM_FIELDS } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { LEAD_LIMITS } from "@/supabase/functions/_shared/contract/lead-rules.ts";
import { Icon } from "@/components/ui/icon";
import { ConsentText } from "@/components/offer-form/consent-text";
import { TextField } from "@/components/offer-form/text-field";

export type ContactStepProps = {
  fieldId: string;
  draft: OfferDraft;
  copy: OfferFormCopy;
  /** The call and text wording, for the company's name. */
  wording: { calls: readonly ConsentPart[]; texts: readonly ConsentPart[] };
  problems: { email?: string | null; phone?: string | null };
  onEdit: (field: "email" | "phone", value: string) => void;
  onToggleCall: () => void;
  onToggleTexts: () => void;
};

/**
 * Step 3: where to send the offer. The call request is a switch that works without script
 * (a checkbox); the phone field, the call wording and the separate, unticked box for texts
 * appear with it (globals.css).
 */
export function ContactStep({
  fieldId,
  draft,
  copy,
  wording,
  problems,
  onEdit,
  onToggleCall,
  onToggleTexts,
}: ContactStepProps) {
  return (
    <div className="space-y-4">
      <TextField
        id={`${fieldId}-email`}
        label={copy.emailLabel}
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        maxLength={LEAD_LIMITS.emailMax}
        placeholder={copy.emailPlaceholder}
        value={draft.email}
        error={problems.email}
        onChange={(event) => onEdit("email", event.target.value)}
      />

      <label className="switch-button">
        <input
          type="checkbox"
          role="switch"
          name={FORM_FIELDS.call}
          checked={draft.callRequested}
          onChange={onToggleCall}
          aria-controls={`${fieldId}-call-fields`}
          // Over the whole switch, unseen: a tap anywhere on it is a tap on the checkbox.
          className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
        />
        <Icon icon={Phone} className="size-4 peer-checked:hidden" />
        <Icon icon={Check} className="hidden size-4 peer-checked:inline" />
        <span className="peer-checked:hidden">{copy.requestCall}</span>
        <span className="hidden peer-checked:inline">{copy.callRequested}</span>
      </label>

      <div id={`${fieldId}-call-fields`} data-call-fields="" className="space-y-4">
        <TextField
          id={`${fieldId}-phone`}
          label={copy.phoneLabel}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={LEAD_LIMITS.phoneMax}
          placeholder={copy.phonePlaceholder}
          value={draft.phone}
          error={problems.phone}
          description={<ConsentText parts={wording.calls} />}
          onChange={(event) => onEdit("phone", event.target.value)}
        />
        <label className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 text-xs text-slate-700">
          <input
            type="checkbox"
            name={FORM_FIELDS.texts}
            checked={draft.textsConsent}
            onChange={onToggleTexts}
            className="mt-0.5 size-4 accent-blue-700"
          />
          <ConsentText as="span" parts={wording.texts} className="text-slate-700" />
        </label>
      </div>
    </div>
  );
}
