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
};

/**
 * A link that dials the company, marked for the page script, which puts the visit's tracking
 * number in it (lib/browser/call-tracking.ts). Every number has the same format and tabular
 * digits, so the swap cannot change its width.
 */
export function PhoneLink({ phone, className, numberClassName, children }: PhoneLinkProps) {
  return (
    <a href={phone.href} data-phone="" className={className}>
      {children}
      <span data-phone-number="" className={cn("tabular-nums", numberClassName)}>
        {phone.display}
      </span>
    </a>
  );
}
