import { useSyncExternalStore } from 'react';
import { getPreference, setPreference, type PreferenceKey } from './storage.ts';

export interface PreferenceStore<T> {
  get(): T;
  set(value: T): void;
  use(): T;
}

/** A value kept in localStorage that components can subscribe to. */
export function createPreferenceStore<T>(key: PreferenceKey, parse: (raw: string | null) => T, serialize: (value: T) => string): PreferenceStore<T> {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | null = null;
  const get = (): T => {
    const raw = getPreference(key);
    if (!cache || cache.raw !== raw) cache = { raw, value: parse(raw) };
    return cache.value;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get,
    set(value) {
      setPreference(key, serialize(value));
      listeners.forEach((listener) => listener());
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
