"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide";
import type { ComponentProps } from "react";

import { cn } from "@/lib/utils";
import { Icon } from "@/components/ui/icon";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-sm",
        className,
      )}
      {...props}
    />
  );
}

export function Toast({ className, ...props }: ComponentProps<typeof ToastPrimitive.Root>) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "relative flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 pr-10 shadow-lg",
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title className={cn("font-semibold text-slate-950", className)} {...props} />
  );
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description className={cn("text-sm text-slate-700", className)} {...props} />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        "absolute top-2 right-2 rounded-md p-1 text-slate-600 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-blue-600",
        className,
      )}
      {...props}
    >
      <Icon icon={X} className="size-4" />
    </ToastPrimitive.Close>
  );
}
