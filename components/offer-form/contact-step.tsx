import { Check, Phone } from "lucide";

import { callConsent } from "@/content/consent";
import { offerFormCopy as copy } from "@/content/offer-form";
import type { OfferDraft } from "@/lib/browser/offer-wizard";
import { LEAD_LIMITS } from "@/supabase/functions/_leads/lead-rules.ts";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { ConsentText } from "@/components/offer-form/consent-text";
import { TextField } from "@/components/offer-form/text-field";

export type ContactStepProps = {
  fieldId: string;
  draft: OfferDraft;
  companyName: string;
  problems: { email?: string | null; phone?: string | null };
  onEdit: (field: "email" | "phone", value: string) => void;
  onToggleCall: () => void;
};

/**
 * Step 3: where to send the offer. The phone field, and the consent to calls and texts
 * that goes with it, appear only when the visitor asks for a call.
 */
export function ContactStep({
  fieldId,
  draft,
  companyName,
  problems,
  onEdit,
  onToggleCall,
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

      <Button
        type="button"
        variant="outline"
        aria-pressed={draft.callRequested}
        aria-controls={`${fieldId}-phone-field`}
        onClick={onToggleCall}
        className="aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900"
      >
        {draft.callRequested ? <Icon icon={Check} /> : <Icon icon={Phone} />}
        {draft.callRequested ? copy.callRequested : copy.requestCall}
      </Button>

      <div id={`${fieldId}-phone-field`} hidden={!draft.callRequested}>
        {draft.callRequested ? (
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
            description={<ConsentText parts={callConsent(companyName)} />}
            onChange={(event) => onEdit("phone", event.target.value)}
          />
        ) : null}
      </div>
    </div>
  );
}
