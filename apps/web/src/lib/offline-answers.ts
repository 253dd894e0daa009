import { useSyncExternalStore } from 'react';

/**
 * Saved answers shown while the server cannot be reached. The offline worker keeps the last answer
 * of every read the app made (its runtime cache `api-answers`, vite.config.ts) and, when the
 * network fails, answers from it with the `X-Answered-At` header: the time the server gave that
 * answer. The HTTP client reports each read here, so the offline banner can say how old the data
 * on screen is ("showing data from 10:42"); the first fresh answer ends it.
 */

/** The worker's runtime cache of read answers; cleared when the session ends. */
export const ANSWER_CACHE = 'api-answers';
/** Asks the worker to keep (and, offline, serve) this request's answer: set on reads only, never on changes. */
export const OFFLINE_READ_HEADER = 'X-Offline-Read';
/** On an answer the worker served from its cache: when the server gave it (ms since the epoch). */
export const ANSWERED_AT_HEADER = 'X-Answered-At';

type Listener = () => void;

/** The oldest saved answer on screen since the last fresh one, or null when everything is fresh. */
let staleSince: number | null = null;
const listeners = new Set<Listener>();

function set(next: number | null): void {
  if (next === staleSince) return;
  staleSince = next;
  listeners.forEach((l) => l());
}

/** A read's answer arrived: fresh (null) or saved at `answeredAt`. */
export function noteReadAnswer(answeredAt: number | null): void {
  if (answeredAt === null || !Number.isFinite(answeredAt)) set(null);
  else set(staleSince === null ? answeredAt : Math.min(staleSince, answeredAt));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaleSince(): number | null {
  return useSyncExternalStore(subscribe, () => staleSince, () => staleSince);
}

/** The session ended: its saved answers go with it (a next user of this browser never sees them). */
export function forgetSavedAnswers(): void {
  set(null);
  if (typeof caches !== 'undefined') void caches.delete(ANSWER_CACHE).catch(() => undefined);
}
