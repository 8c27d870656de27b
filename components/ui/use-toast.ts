"use client";

import { useSyncExternalStore } from "react";

import { mountToaster } from "@/components/ui/toaster";

/** A tiny store so any island can raise a toast that the one toast region shows. */
export type ToastMessage = { id: number; title: string; description?: string };

let messages: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, "id">): void {
  messages = [...messages, { ...message, id: nextId++ }];
  emit();
  mountToaster();
}

export function dismissToast(id: number): void {
  messages = messages.filter((message) => message.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noMessages: ToastMessage[] = [];

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => messages,
    () => noMessages,
  );
}
