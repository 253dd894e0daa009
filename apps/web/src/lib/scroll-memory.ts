import { useLayoutEffect } from 'react';

/**
 * SPEC §2: "Navigation scrolls to the top unless a saved position exists." The browser's own
 * restoration runs at `popstate`, while the page left is still on screen and the page returned to
 * is still loading (a lazy chunk, a list drawn from the cache a moment later), so it lands
 * elsewhere. This keeps each history entry's scroll position (by the router's location key) and,
 * on back/forward, scrolls to it once the page is tall enough, for at most RESTORE_WAIT_MS, and
 * stops as soon as the user scrolls by hand.
 */

const RESTORE_WAIT_MS = 3000;
/** Positions kept; older entries are forgotten first. */
const MAX_ENTRIES = 100;

const positions = new Map<string, number>();
let currentKey: string | null = null;
let currentPath: string | null = null;
let restoring = false;
let listening = false;

function remember(key: string, y: number): void {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value as string);
}

function startListening(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'scroll',
    () => {
      if (currentKey !== null && !restoring) remember(currentKey, window.scrollY);
    },
    { passive: true },
  );
}

/** Scrolls to `y` once the document allows it; gives up after RESTORE_WAIT_MS or on a user's scroll. */
function restore(key: string, y: number): () => void {
  restoring = true;
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    restoring = false;
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  const step = () => {
    if (currentKey !== key) return stop();
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= y - 1) {
      window.scrollTo(0, y);
      if (Math.abs(window.scrollY - y) <= 1) {
        remember(key, y);
        return stop();
      }
    }
    if (performance.now() - started > RESTORE_WAIT_MS) {
      window.scrollTo(0, Math.min(y, Math.max(0, room)));
      return stop();
    }
    frame = requestAnimationFrame(step);
  };
  step();
  return stop;
}

/**
 * Scroll to the top on a new page (a push or replace to another path; a changed filter in the
 * query keeps the position); on back/forward scroll to the position the entry had, when one was
 * saved in this tab.
 */
export function useScrollMemory(locationKey: string, pathname: string, navigationType: 'POP' | 'PUSH' | 'REPLACE'): void {
  useLayoutEffect(() => {
    startListening();
    const samePath = currentPath === pathname;
    currentKey = locationKey;
    currentPath = pathname;
    if (navigationType !== 'POP') {
      if (!samePath) window.scrollTo(0, 0);
      return;
    }
    const saved = positions.get(locationKey);
    if (saved === undefined || saved <= 0) return;
    return restore(locationKey, saved);
  }, [locationKey, pathname, navigationType]);
}
