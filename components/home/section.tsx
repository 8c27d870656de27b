import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

export type SectionProps = {
  id: string;
  title: string;
  lead?: string;
  className?: string;
  children: ReactNode;
};

/** A home page section: an h2 that names the region, a lead line and the content. */
export function Section({ id, title, lead, className, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-4 py-16", className)}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={`${id}-title`} className="text-3xl font-extrabold tracking-tight text-slate-950">
          {title}
        </h2>
        {lead ? <p className="mt-2 max-w-2xl text-lg text-slate-700">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
