import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { linkManifest } from './web-manifest.ts';

/**
 * The offline-capable worker of SPEC §1/§7: `/sw.js` with scope `/`, built by vite-plugin-pwa
 * (workbox). This module is UI-kit free: it keeps the worker's state in a tiny store that the app's
 * prompt (app/pwa/*) renders. It comes with the prompt, after the first render, and brings
 * workbox-window (1.4 KB gzipped) with it: registering later, once the page is idle, then waits for
 * no further file.
 */
export interface ServiceWorkerState {
  /** The first install finished: the app now opens without a network. Shown once, as a note. */
  offlineReady: boolean;
  /** A new version is installed and waiting for the user's confirmation. */
  updateWaiting: boolean;
  /** The browser reports no network. */
  offline: boolean;
}

type Listener = () => void;

let state: ServiceWorkerState = { offlineReady: false, updateWaiting: false, offline: typeof navigator !== 'undefined' && navigator.onLine === false };
const listeners = new Set<Listener>();
let applyWaiting: (() => void) | null = null;

function set(patch: Partial<ServiceWorkerState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServiceWorkerState(): ServiceWorkerState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/** The user confirmed the update: the waiting worker takes over, then the page reloads. */
export function applyUpdate(): void {
  set({ updateWaiting: false });
  applyWaiting?.();
}

/** The user put the update off: the prompt closes; it comes back with the next visit. */
export function postponeUpdate(): void {
  set({ updateWaiting: false });
}

export function dismissOfflineReady(): void {
  set({ offlineReady: false });
}

/** Registration problems are logged for us and never shown to the seller: the app works without a worker. */
export function reportServiceWorkerError(error: unknown): void {
  console.warn('[service worker] not available:', error);
}

// From the first render of the prompt on (it imports this module), not only once the worker
// registers when the page is idle: a page reloaded offline says so at once.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ offline: false }));
  window.addEventListener('offline', () => set({ offline: true }));
}

/** How often an open app asks the server whether a new worker (a new release) exists. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Links the web app manifest and registers /sw.js (production builds only), and wires the worker's
 * life cycle to the store. The manifest is linked even where the browser has no worker.
 */
export async function registerServiceWorker(): Promise<void> {
  linkManifest();
  if (!('serviceWorker' in navigator)) return;
  try {
    const wb = new Workbox('/sw.js', { scope: '/' });
    // A new version waits: ask first; on confirmation it takes over ("controlling") and the page reloads.
    wb.addEventListener('waiting', () => {
      applyWaiting = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
      set({ updateWaiting: true });
    });
    // The first install only notes that the app is ready for offline use.
    wb.addEventListener('installed', (event) => {
      if (!event.isUpdate) set({ offlineReady: true });
    });
    // A worker activated after an update (e.g. confirmed in another tab): reload into the new version.
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    const registration = await wb.register();
    if (registration) window.setInterval(() => void registration.update().catch(reportServiceWorkerError), UPDATE_CHECK_MS);
  } catch (error) {
    reportServiceWorkerError(error);
  }
}
