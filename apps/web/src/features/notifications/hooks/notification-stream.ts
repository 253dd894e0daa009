import { UI } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';

/**
 * The notification stream of SPEC §4 without React: one EventSource at a time, opened with a
 * single-use ticket and the last id seen, closed on error and reopened after 3 s with a new ticket,
 * so every message stored while it was down is replayed. Unit-tested with a fake EventSource.
 */

export type StreamState = 'connecting' | 'open' | 'retrying' | 'stopped';

export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  /** Named events (`event: chat`); a source without it only delivers the notification arrays. */
  addEventListener?(type: 'chat', listener: (event: MessageEvent<string>) => void): void;
  removeEventListener?(type: 'chat', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface StreamOptions {
  userId: string;
  /** A fresh single-use ticket (POST /api/sse/ticket). */
  fetchTicket: () => Promise<string>;
  /** The messages the page already shows; the stream replays what is newer than all of them. */
  loadKnown: () => Promise<readonly NotificationMessage[]>;
  /** Whether the page already shows this message (only unknown ids are announced). */
  isKnown: (id: number) => boolean;
  /** New messages, in the order they were stored. */
  onFresh: (messages: NotificationMessage[]) => void;
  /**
   * The stream's chat events (`event: chat`, docs/decisions.md "Chat"), each event's array as sent,
   * in order. Their ids share the stream's sequence, so they move the replay point too.
   */
  onChat?: (items: unknown[]) => void;
  /** The stream's `{code: 401}` event: the stream stops for good. */
  onUnauthorized: () => void;
  onState?: (state: StreamState) => void;
  openEventSource?: (url: string) => EventSourceLike;
  reconnectMs?: number;
  apiBase?: string;
}

/**
 * The stream's address. `first`: no event came from a stream yet, so lastEventId is the newest
 * notification the page shows; the server then replays notifications only and starts chat at its
 * newest event (a reconnection replays both).
 */
export function streamUrl(apiBase: string, userId: string, ticket: string, lastEventId: number | null, first = false): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== null) query.set('lastEventId', String(lastEventId));
  if (first && lastEventId !== null) query.set('first', '1');
  return `${apiBase}/sse/connect/${encodeURIComponent(userId)}?${query.toString()}`;
}

function isMessage(value: unknown): value is NotificationMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'number' && typeof m.title === 'number' && typeof m.content === 'number' && typeof m.createdAt === 'string';
}

/** What one event carries: messages, the unauthorised signal, or nothing usable. */
export function parseStreamEvent(data: string): { kind: 'messages'; messages: NotificationMessage[] } | { kind: 'unauthorized' } | { kind: 'ignored' } {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'ignored' };
  }
  if (Array.isArray(value)) {
    return { kind: 'messages', messages: value.filter(isMessage).map((m) => ({ ...m, unread: m.unread ?? true, orderId: m.orderId ?? null })) };
  }
  if (typeof value === 'object' && value !== null && (value as { code?: unknown }).code === 401) return { kind: 'unauthorized' };
  return { kind: 'ignored' };
}

/** A chat event's items (an array); anything else carries none. */
export function parseChatEvent(data: string): unknown[] {
  try {
    const value: unknown = JSON.parse(data);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'object' && item !== null) : [];
  } catch {
    return [];
  }
}

/** Opens the stream; returns the function that closes it for good. */
export function startNotificationStream(options: StreamOptions): () => void {
  const reconnectMs = options.reconnectMs ?? UI.STREAM_RECONNECT_MS;
  const apiBase = options.apiBase ?? '/api';
  const open = options.openEventSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  const seen = new Set<number>();
  let lastId: number | null = null;
  /** An event id came from a stream: lastId is the stream's own, and a reconnection replays chat too. */
  let streamed = false;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const setState = (state: StreamState) => options.onState?.(state);

  const closeSource = () => {
    if (!source) return;
    source.removeEventListener?.('chat', handleChat);
    source.onopen = source.onmessage = source.onerror = null;
    source.close();
    source = null;
  };

  const retry = () => {
    closeSource();
    if (stopped) return;
    setState('retrying');
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, reconnectMs);
  };

  const handle = (event: MessageEvent<string>) => {
    const parsed = parseStreamEvent(event.data);
    if (parsed.kind === 'unauthorized') {
      stop();
      options.onUnauthorized();
      return;
    }
    if (parsed.kind !== 'messages') return;
    const eventId = Number(event.lastEventId);
    for (const m of parsed.messages) lastId = Math.max(lastId ?? 0, m.id);
    if (event.lastEventId && Number.isSafeInteger(eventId)) {
      lastId = Math.max(lastId ?? 0, eventId);
      streamed = true;
    }
    const fresh = parsed.messages.filter((m) => !seen.has(m.id) && !options.isKnown(m.id)).sort((a, b) => a.id - b.id);
    for (const m of parsed.messages) seen.add(m.id);
    if (fresh.length) options.onFresh(fresh);
  };

  function handleChat(event: MessageEvent<string>) {
    const eventId = Number(event.lastEventId);
    if (event.lastEventId && Number.isSafeInteger(eventId)) {
      lastId = Math.max(lastId ?? 0, eventId);
      streamed = true;
    }
    const items = parseChatEvent(event.data);
    if (items.length) options.onChat?.(items);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    setState('connecting');
    let ticket: string;
    try {
      if (lastId === null) {
        // Replay everything stored after what the page shows, so nothing between the list's load
        // and this connection is missed.
        const known = await options.loadKnown();
        for (const m of known) seen.add(m.id);
        lastId = known.reduce((max, m) => Math.max(max, m.id), 0);
      }
      ticket = await options.fetchTicket();
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    source = open(streamUrl(apiBase, options.userId, ticket, lastId, !streamed));
    source.onopen = () => setState('open');
    source.onmessage = handle;
    if (options.onChat) source.addEventListener?.('chat', handleChat);
    // The browser would retry by itself with the used ticket: close and retry with a new one.
    source.onerror = retry;
  }

  function stop(): void {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    closeSource();
    setState('stopped');
  }

  void connect();
  return stop;
}

/**
 * Announces items one at a time, at least `gapMs` apart (SPEC §4: a sound for each, 1 s apart,
 * with a toast for each).
 */
export function createPacer<T>(announce: (item: T) => void, gapMs: number = UI.SOUND_GAP_MS) {
  const queue: T[] = [];
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const pump = () => {
    if (timer || queue.length === 0) return;
    const wait = Math.max(0, last + gapMs - Date.now());
    timer = setTimeout(() => {
      timer = null;
      const item = queue.shift();
      if (item === undefined) return;
      last = Date.now();
      announce(item);
      pump();
    }, wait);
  };
  return {
    push(items: readonly T[]) {
      queue.push(...items);
      pump();
    },
    stop() {
      queue.length = 0;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** SPEC §4: the stream waits for the first click, key press, scroll or touch. */
export const INTERACTION_EVENTS = ['click', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

/**
 * Calls `start` on the first click, key press, scroll or touch of this page and stops listening
 * after that (a browser plays sound only after the user has interacted). Returns the function that
 * cancels the wait.
 */
export function afterFirstInteraction(start: () => void, target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  const onFirst = () => {
    cancel();
    start();
  };
  function cancel() {
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, onFirst, options);
  }
  for (const type of INTERACTION_EVENTS) target.addEventListener(type, onFirst, options);
  return cancel;
}
