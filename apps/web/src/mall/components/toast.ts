import { errorText } from '../../lib/http.ts';
import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  message: string;
  tone: 'ok' | 'error';
}

let current: ToastMessage | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows one short message for 3 seconds (a newer one replaces it). */
export function showToast(message: string, tone: 'ok' | 'error' = 'ok'): void {
  current = { id: nextId++, message, tone };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, 3000);
  emit();
}

/** A failed action's message (the server's, already in the buyer's language). */
export function showError(error: unknown, fallback: string): void {
  showToast(errorText(error, fallback), 'error');
}

export function useToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
