"use client";

import type { ReactNode } from "react";

import { cn } from "@/lib/utils";
import { buttonVariants } from "@/components/ui/button";

export type GetStartedButtonProps = { formId: string; className?: string; children: ReactNode };

/** A link to the form that, with script, also puts the cursor in its first field. */
export function GetStartedButton({ formId, className, children }: GetStartedButtonProps) {
  return (
    <a
      href={`#${formId}`}
      className={cn(buttonVariants({ variant: "accent", size: "lg" }), className)}
      onClick={(event) => {
        const field = document.querySelector<HTMLElement>(`#${formId} input:not([tabindex="-1"])`);
        if (!field) return;
        event.preventDefault();
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        document
          .getElementById(formId)
          ?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "center" });
        field.focus({ preventScroll: true });
      }}
    >
      {children}
    </a>
  );
}
