"use client";

import type { ReactNode, RefObject } from "react";

import { blogCopy as copy } from "@/content/blog-page";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";

export type CategorySheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
};

/** The small-screen category panel, sliding in from the right. */
export function CategorySheet({ open, onOpenChange, returnFocusTo, children }: CategorySheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>{copy.categoriesTitle}</SheetTitle>
          <SheetDescription>{copy.categoriesDescription}</SheetDescription>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
