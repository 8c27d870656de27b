"use client";

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "@/components/ui/toast";
import { dismissToast, useToasts } from "@/components/ui/use-toast";

const TOAST_DURATION_MS = 8000;

/** The Radix toasts themselves, mounted by mountToaster once there is one to show. */
export function ToastRegion() {
  const toasts = useToasts();
  // A page in another language names them in its own (components/site/site-document.tsx).
  const words = document.body.dataset;
  return (
    <ToastProvider duration={TOAST_DURATION_MS} label={words.toastLabel ?? "Notification"}>
      {toasts.map(({ id, title, description }) => (
        <Toast key={id} onOpenChange={(open) => !open && dismissToast(id)}>
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose aria-label={words.toastClose ?? "Close"} />
        </Toast>
      ))}
      <ToastViewport {...(words.toastRegion ? { label: words.toastRegion } : {})} />
    </ToastProvider>
  );
}
