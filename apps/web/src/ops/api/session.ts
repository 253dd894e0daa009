import { useSyncExternalStore } from 'react';

/**
 * The operator's session, apart from the seller's and the buyer's: its own key in sessionStorage,
 * so an operator console open in a tab never signs a seller in or out of the same browser, and the
 * session ends with the browser tab (the server's expiry applies before that).
 */
export interface OpsSession {
  token: string;
  expiresAt: string;
}

const KEY = 'opsSession';
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: OpsSession | null } | null = null;

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OpsSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OpsSession>;
    return typeof value.token === 'string' && value.token ? { token: value.token, expiresAt: String(value.expiresAt ?? '') } : null;
  } catch {
    return null;
  }
}

export const opsSessionStore = {
  get(): OpsSession | null {
    const raw = read();
    if (!cache || cache.raw !== raw) cache = { raw, value: parse(raw) };
    return cache.value;
  },
  set(session: OpsSession | null): void {
    try {
      if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
      else sessionStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode quota): the session lives until the page reloads.
    }
    listeners.forEach((listener) => listener());
  },
  use(): OpsSession | null {
    return useSyncExternalStore(subscribe, opsSessionStore.get, opsSessionStore.get);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
