import type { ReactNode } from "react";

import type { ShownPhone } from "@/lib/browser/call-tracking";
import { cn } from "@/lib/utils";

export type PhoneLinkProps = {
  phone: ShownPhone;
  className?: string;
  /** For the number itself, e.g. sr-only where the link shows only "Call". */
  numberClassName?: string;
  /** What comes before the number: an icon, "Call ". */
  children?: ReactNode;
  /** Whether a campaign's tracking number may replace it (not the Spanish line). */
  tracked?: boolean;
};

/**
 * A link that dials the company, marked for the page script, which puts the visit's tracking
 * number in it (lib/browser/call-tracking.ts). Every number has the same format and tabular
 * digits, so the swap cannot change its width.
 */
export function PhoneLink({
  phone,
  className,
  numberClassName,
  children,
  tracked = true,
}: PhoneLinkProps) {
  return (
    <a href={phone.href} data-phone={tracked ? "" : undefined} className={className}>
      {children}
      <span
        data-phone-number={tracked ? "" : undefined}
        className={cn("tabular-nums", numberClassName)}
      >
        {phone.display}
      </span>
    </a>
  );
}
