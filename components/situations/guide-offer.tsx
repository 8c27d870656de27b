import { OFFER_FORM_ID } from "@/lib/situations";
import { Island } from "@/components/islands/island";
import { offerFormProps } from "@/components/offer-form/form-props";
import { GUIDE_WORDS, type GuideWords } from "@/components/situations/guide-words";

export type GuideOfferProps = {
  /** The guide's page, sent with the request. */
  path: string;
  /** The section's and the form's language and words; English unless told. */
  words?: GuideWords;
};

/** The offer form that ends a guide: the page's call to action, as on the home page. */
export function GuideOffer({ path, words = GUIDE_WORDS.en }: GuideOfferProps) {
  const { offer } = words.copy;
  return (
    <section
      aria-labelledby="guide-offer-title"
      data-guide-cta=""
      className="mt-12 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:p-8"
    >
      <h2 id="guide-offer-title" className="text-2xl font-extrabold text-slate-950">
        {offer.title}
      </h2>
      <p className="mt-1 mb-4 text-slate-700 sm:mb-6">{offer.lead}</p>
      <Island
        name="offer-form"
        props={offerFormProps({
          id: OFFER_FORM_ID,
          path,
          placeholder: offer.addressPlaceholder,
          language: words.language,
        })}
      />
    </section>
  );
}
