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
  return (
    <ToastProvider duration={TOAST_DURATION_MS} label="Notification">
      {toasts.map(({ id, title, description }) => (
        <Toast key={id} onOpenChange={(open) => !open && dismissToast(id)}>
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
