import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/constants/ui';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
}

interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

let counter = 0;
let toasts: ToastEntry[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: string) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast; only TOAST_LIMIT (one) is visible at a time, the newest wins. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  const entry: ToastEntry = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  emit([entry, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return { toasts: current, toast, dismiss };
}
