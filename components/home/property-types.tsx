import { Building2, Hammer, House, KeyRound, ScrollText, Trees } from "lucide";

import { homeCopy } from "@/content/home";
import { Icon, type IconNode } from "@/components/ui/icon";
import { Section } from "@/components/home/section";

const icons: Record<(typeof homeCopy.propertyTypes.items)[number]["icon"], IconNode> = {
  scroll: ScrollText,
  key: KeyRound,
  building: Building2,
  trees: Trees,
  hammer: Hammer,
  house: House,
};

export function PropertyTypes() {
  const { propertyTypes } = homeCopy;
  return (
    <Section id="property-types" title={propertyTypes.title} lead={propertyTypes.lead}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {propertyTypes.items.map((item) => {
          return (
            <li
              key={item.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <Icon icon={icons[item.icon]} className="size-8 text-blue-700" />
              <h3 className="mt-4 text-lg font-bold text-slate-950">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
