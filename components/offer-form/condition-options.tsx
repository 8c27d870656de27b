"use client";

import { useRef } from "react";

import { CONDITIONS, type Condition } from "@/supabase/functions/_leads/lead-rules.ts";

export type ConditionOptionsProps = {
  name: string;
  legend: string;
  value: Condition | null;
  /** `advance`: false when the choice came from arrow keys moving through the group. */
  onChoose: (condition: Condition, advance: boolean) => void;
};

const ARROW_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

/**
 * The five conditions as a native radio group. A click, tap or Space chooses and
 * moves on; arrow keys only move the choice, so keyboard users are not carried
 * to the next step while they read the options.
 */
export function ConditionOptions({ name, legend, value, onChoose }: ConditionOptionsProps) {
  const arrowKeyDown = useRef(false);

  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2">
        {CONDITIONS.map((condition) => (
          <label
            key={condition.value}
            className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border border-slate-300 p-3 transition-colors hover:border-blue-600 has-checked:border-blue-700 has-checked:bg-blue-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-1 has-focus-visible:outline-blue-600 motion-reduce:transition-none"
          >
            <input
              type="radio"
              name={name}
              value={condition.value}
              checked={value === condition.value}
              onKeyDown={(event) => {
                arrowKeyDown.current = ARROW_KEYS.has(event.key);
              }}
              onKeyUp={() => {
                arrowKeyDown.current = false;
              }}
              onChange={() => onChoose(condition.value, !arrowKeyDown.current)}
              className="row-span-2 mt-1 size-4 accent-blue-700 focus-visible:outline-none"
            />
            <span className="font-semibold text-slate-950">{condition.value}</span>
            <span className="text-sm text-slate-700">{condition.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
