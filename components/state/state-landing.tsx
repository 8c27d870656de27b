import { CircleCheck, MapPin, Star } from "lucide";

import { statePageCopy as copy } from "@/content/state-page";
import type { StatePage } from "@/lib/state-pages";
import { Icon } from "@/components/ui/icon";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { OfferForm } from "@/components/offer-form/offer-form";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type StateLandingProps = { state: StatePage };

export function StateLanding({ state }: StateLandingProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Breadcrumb
        items={[
          { name: "Home", href: "/" },
          { name: copy.breadcrumb(state.name), href: state.path },
        ]}
      />

      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="state-title">
          <h1
            id="state-title"
            className="text-4xl font-extrabold tracking-tight text-slate-950 sm:text-5xl"
          >
            {copy.headline(state.name)}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{copy.intro(state.name, state.majorCities)}</p>
          <p className="mt-4 flex items-center gap-2 font-semibold text-slate-900">
            <span className="flex text-amber-500" aria-hidden="true">
              {Array.from({ length: 5 }, (_, index) => (
                <Icon icon={Star} key={index} className="size-5 fill-current" />
              ))}
            </span>
            {copy.rating}
          </p>
          <ul className="mt-6 grid grid-cols-3 gap-3">
            {copy.stats.map((stat) => (
              <li
                key={stat.label}
                className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200"
              >
                <span className="block text-2xl font-extrabold text-blue-700">{stat.value}</span>
                <span className="block text-sm text-slate-700">{stat.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <aside
          aria-labelledby="offer-card-title"
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <Card className="shadow-xl lg:sticky lg:top-6">
            <CardHeader>
              <h2 id="offer-card-title" className="text-2xl font-extrabold text-slate-950">
                {copy.offerTitle}
              </h2>
              <p className="text-slate-700">{copy.offerLead(state.name)}</p>
            </CardHeader>
            <CardContent>
              <OfferForm state={state.name} id="offer-form" />
            </CardContent>
          </Card>
        </aside>

        <div className="space-y-12">
          <section aria-labelledby="benefits-title">
            <h2 id="benefits-title" className="text-2xl font-extrabold text-slate-950">
              {copy.benefitsTitle(state.name)}
            </h2>
            <ul className="mt-5 space-y-4">
              {state.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3 text-slate-800">
                  <Icon
                    icon={CircleCheck}
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-green-700"
                  />
                  {benefit}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="cities-title">
            <h2 id="cities-title" className="text-2xl font-extrabold text-slate-950">
              {copy.citiesTitle(state.name)}
            </h2>
            <p className="mt-2 text-slate-700">{copy.citiesLead(state.name)}</p>
            <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {state.majorCities.map((city) => (
                <li key={city} className="flex items-center gap-2 text-slate-800">
                  <Icon icon={MapPin} className="size-4 shrink-0 text-blue-700" />
                  {city}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
