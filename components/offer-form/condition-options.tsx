"use client";

import { useRef, type KeyboardEvent } from "react";

import { CONDITIONS, type Condition } from "@/supabase/functions/_shared/contract/lead-rules.ts";

export type ConditionOptionsProps = {
  /** The first option's id: where the cursor goes when the choice is missing. */
  id: string;
  legend: string;
  value: Condition | null;
  error?: string | null;
  /** `advance`: false when the choice came from arrow keys moving through the group. */
  onChoose: (condition: Condition, advance: boolean) => void;
  /** Enter on an option: Next, as in a one-page form. */
  onEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Each condition's label and description in the page's language; the value sent stays the same. */
  words?: ConditionWords | undefined;
};

export type ConditionWords = Record<Condition, { label: string; description: string }>;

const ARROW_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

/**
 * The five conditions as a native radio group, posted as "condition" by the form itself
 * when no script runs. A click, tap or Space chooses and moves on; arrow keys only move
 * the choice, so keyboard users are not carried to the next step while they read.
 */
export function ConditionOptions({
  id,
  legend,
  value,
  error,
  onChoose,
  onEnter,
  words,
}: ConditionOptionsProps) {
  const arrowKeyDown = useRef(false);
  const errorId = `${id}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2">
        {CONDITIONS.map((condition, index) => (
          <label key={condition.value} className="choice-card">
            <input
              id={index === 0 ? id : undefined}
              type="radio"
              name="condition"
              required
              value={condition.value}
              checked={value === condition.value}
              onKeyDown={(event) => {
                arrowKeyDown.current = ARROW_KEYS.has(event.key);
                onEnter?.(event);
              }}
              onKeyUp={() => {
                arrowKeyDown.current = false;
              }}
              onChange={() => onChoose(condition.value, !arrowKeyDown.current)}
              className="row-span-2 mt-1 size-4 accent-blue-700 focus-visible:outline-none"
            />
            <span className="font-semibold text-slate-950">
              {words?.[condition.value].label ?? condition.value}
            </span>
            <span className="text-sm text-slate-700">
              {words?.[condition.value].description ?? condition.description}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
