import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { startChatStream, type ChatEventSource, type ChatStreamOptions } from './chat-stream.ts';

class FakeSource implements ChatEventSource {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  listeners: ((event: MessageEvent<string>) => void)[] = [];
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(_type: 'chat', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  chat(items: unknown[]) {
    for (const l of this.listeners) l({ data: JSON.stringify(items) } as MessageEvent<string>);
  }
  plain(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const read = (id: number): ChatStreamItem => ({ type: 'read', id, conversationId: 1, side: 'seller', upToId: id });
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(overrides: Partial<ChatStreamOptions> = {}) {
  const sources: FakeSource[] = [];
  const got: ChatStreamItem[][] = [];
  let tickets = 0;
  const onUnauthorized = vi.fn();
  const stop = startChatStream({
    fetchTicket: async () => `t${++tickets}`,
    onItems: (items) => got.push(items),
    onUnauthorized,
    openEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    reconnectMs: 1000,
    ...overrides,
  });
  return { sources, got, stop, onUnauthorized };
}

describe("the buyer's chat stream", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens with a ticket, hands on chat items once each, and reconnects with a new ticket after the last id', async () => {
    const { sources, got } = setup();
    await flush();
    expect(sources[0].url).toBe('/api/buyer/chat/stream?ticket=t1');
    sources[0].chat([read(4), read(5)]);
    sources[0].chat([read(5)]);
    expect(got.map((items) => items.map((i) => i.id))).toEqual([[4, 5]]);
    sources[0].fail();
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources[1].url).toBe('/api/buyer/chat/stream?ticket=t2&lastEventId=5');
    // A late event of the closed connection is not taken.
    sources[0].chat([read(6)]);
    sources[1].chat([read(6)]);
    expect(got.flat().map((i) => i.id)).toEqual([4, 5, 6]);
  });

  it('stops for good when the ticket is refused', async () => {
    const { sources, onUnauthorized } = setup();
    await flush();
    sources[0].plain({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sources).toHaveLength(1);
  });

  it('retries when no ticket can be had, and closes when stopped', async () => {
    let fail = true;
    const { sources, stop } = setup({ fetchTicket: async () => (fail ? Promise.reject(new Error('offline')) : 't') });
    await flush();
    expect(sources).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(1);
    stop();
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sources).toHaveLength(1);
  });
});
