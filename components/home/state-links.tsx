import { homeCopy } from "@/content/home";
import { statePath } from "@/lib/states";
import { STATES } from "@/supabase/functions/_shared/contract/states.ts";
import { Section } from "@/components/home/section";

export function StateLinks() {
  return (
    <Section id="states" title={homeCopy.states.title} lead={homeCopy.states.lead}>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-5">
        {STATES.map((state) => (
          <li key={state.code}>
            <a
              href={statePath(state.name)}
              className="block rounded-md py-2 text-blue-800 underline-offset-4 hover:underline"
            >
              {state.name}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
