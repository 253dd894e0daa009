import type { ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { UI } from '@shopdesk/shared/constants';
import { parseChatItems } from './chat.ts';

/**
 * The buyer's chat stream without React: one EventSource at a time, opened with a single-use
 * ticket (the buyer token never goes into a URL) and the last event id seen, so a reconnect after a
 * drop replays what was missed; closed on error and reopened after `reconnectMs` with a new ticket.
 */

export interface ChatEventSource {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'chat', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface ChatStreamOptions {
  fetchTicket: () => Promise<string>;
  /** Items in the order they happened, each once. */
  onItems: (items: ChatStreamItem[]) => void;
  /** Each (re)opening: what the page shows may be older than the stream's start. */
  onOpen?: () => void;
  /** The ticket was refused (`{"code":401}`): the stream stops. */
  onUnauthorized: () => void;
  openEventSource?: (url: string) => ChatEventSource;
  reconnectMs?: number;
  apiBase?: string;
}

export function chatStreamUrl(apiBase: string, ticket: string, lastEventId: number | null): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== null) query.set('lastEventId', String(lastEventId));
  return `${apiBase}/buyer/chat/stream?${query.toString()}`;
}

/** Opens the stream; answers the function that closes it for good. */
export function startChatStream(options: ChatStreamOptions): () => void {
  const reconnectMs = options.reconnectMs ?? UI.STREAM_RECONNECT_MS;
  const apiBase = options.apiBase ?? '/api';
  const open = options.openEventSource ?? ((url: string) => new EventSource(url) as unknown as ChatEventSource);
  let lastId: number | null = null;
  let source: ChatEventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const detach = () => {
    const current = source;
    source = null;
    if (!current) return;
    current.onopen = null;
    current.onmessage = null;
    current.onerror = null;
    current.close();
  };

  // The browser would reconnect by itself with the spent ticket: this client asks for a new one.
  const reconnectLater = () => {
    detach();
    if (!stopped) timer = setTimeout(() => void connect(), reconnectMs);
  };

  const onChat = (event: MessageEvent<string>) => {
    const items = parseChatItems(event.data).filter((item) => lastId === null || item.id > lastId);
    if (items.length === 0) return;
    lastId = Math.max(lastId ?? 0, ...items.map((i) => i.id));
    options.onItems(items);
  };

  const onPlain = (event: MessageEvent<string>) => {
    let code: unknown;
    try {
      code = (JSON.parse(event.data) as { code?: unknown }).code;
    } catch {
      return;
    }
    if (code !== 401) return;
    stop();
    options.onUnauthorized();
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    const ticket = await options.fetchTicket().catch(() => null);
    if (stopped) return;
    if (ticket === null) return reconnectLater();
    const opened = open(chatStreamUrl(apiBase, ticket, lastId));
    source = opened;
    opened.onopen = () => options.onOpen?.();
    opened.onmessage = onPlain;
    opened.onerror = reconnectLater;
    opened.addEventListener('chat', (event) => {
      if (source === opened) onChat(event);
    });
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    detach();
  }

  void connect();
  return stop;
}
