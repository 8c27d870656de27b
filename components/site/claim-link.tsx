import type { ReactNode } from "react";

import { CLAIMS, site, type Claim } from "@/config/site";
import { cn } from "@/lib/utils";

export type ClaimLinkProps = {
  /** None: a statement with nothing to link, shown the same way. */
  claim?: Claim;
  className?: string;
  /** The claim as the page words it. */
  children: ReactNode;
  /** Where the link leads, for a screen reader, in the page's language (English by default). */
  leadsTo?: string;
};

/**
 * A claim the company must stand behind, linked to where a homeowner can check it
 * (COMPANY_RATING_URL, COMPANY_BBB_URL, COMPANY_LICENSE_URL). A deploy build refuses to go
 * without them; the local build, which has none, shows the claim as plain text.
 */
export function ClaimLink({ claim, className, children, leadsTo }: ClaimLinkProps) {
  const href = claim && site.company.evidence[claim];
  if (!claim || !href) return <span className={className}>{children}</span>;
  return (
    <a
      href={href}
      data-claim={claim}
      className={cn(
        "underline decoration-dotted underline-offset-4 hover:decoration-solid",
        className,
      )}
    >
      {children}
      <span className="sr-only"> ({leadsTo ?? CLAIMS[claim].leadsTo})</span>
    </a>
  );
}
