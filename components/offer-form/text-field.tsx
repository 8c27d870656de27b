import type { ComponentProps, ReactNode } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  /** What is wrong with the value, shown under the field and read with it. */
  error?: string | null;
  /** More words the field is read with (a consent text), shown after the error. */
  description?: ReactNode;
};

/** A labelled input of the offer form, with its message when the value cannot be sent. */
export function TextField({ id, label, error, description, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {description ? <div id={descriptionId}>{description}</div> : null}
    </div>
  );
}
