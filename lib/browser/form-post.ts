import { FORM_FIELDS } from "@/supabase/functions/_shared/contract/form-fields.ts";
import { newLeadId } from "@/lib/browser/lead-id";
import { readAttribution } from "@/lib/browser/visit-recorder";
import { browserStorage } from "@/lib/browser/storage";

/**
 * What the page script adds to an offer form that posts itself (before its island runs,
 * or when it never does): an id, so a second press of the button is stored once, and at
 * the press the fill time, the submit time, the page's address, where the visit came
 * from, and which consent wording showed. A form the island has taken over
 * (data-enhanced) sends its own request instead.
 */
export function prepareFormPosts(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-offer-form]")) {
    const field = (name: string) => {
      const input = form.elements.namedItem(name);
      return input instanceof HTMLInputElement ? input : null;
    };
    const id = field("id");
    if (id && !id.value) id.value = newLeadId();
    form.addEventListener(
      "submit",
      () => {
        if (form.hasAttribute("data-enhanced")) return;
        const set = (name: string, value: string) => {
          const input = field(name);
          if (input) input.value = value;
        };
        const now = new Date();
        set(FORM_FIELDS.elapsedMs, String(Math.round(performance.now())));
        set(FORM_FIELDS.consentAt, now.toISOString());
        set(FORM_FIELDS.pageUrl, window.location.href);
        set(
          FORM_FIELDS.attribution,
          JSON.stringify(
            readAttribution(browserStorage("localStorage"), browserStorage("sessionStorage"), now),
          ),
        );
        const call = field(FORM_FIELDS.call)?.checked === true;
        set(
          FORM_FIELDS.consentShown,
          (call ? form.dataset.wordingPhone : form.dataset.wordingNoPhone) ?? "",
        );
      },
      // Before the island's own handler: whichever sends the request, the fields are set.
      { capture: true },
    );
  }
}
