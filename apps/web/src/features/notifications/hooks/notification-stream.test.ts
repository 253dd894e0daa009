import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { afterFirstInteraction, createPacer, parseStreamEvent, startNotificationStream, streamUrl, type EventSourceLike, type StreamOptions } from './notification-stream.ts';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly chatListeners = new Set<(event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(_type: 'chat', listener: (event: MessageEvent<string>) => void) {
    this.chatListeners.add(listener);
  }
  removeEventListener(_type: 'chat', listener: (event: MessageEvent<string>) => void) {
    this.chatListeners.delete(listener);
  }
  sendChat(data: unknown, lastEventId = '') {
    for (const listener of this.chatListeners) listener({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
  send(data: unknown, lastEventId = '') {
    this.onmessage?.({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const msg = (id: number, title = 0): NotificationMessage => ({ id, title, content: title, createdAt: '2025-01-01T00:00:00.000Z', unread: true, orderId: null });
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(overrides: Partial<StreamOptions> = {}) {
  const sources: FakeSource[] = [];
  const fresh: NotificationMessage[][] = [];
  const known = new Set<number>([5, 3]);
  let tickets = 0;
  const onUnauthorized = vi.fn();
  const stop = startNotificationStream({
    userId: '7',
    fetchTicket: async () => `t${++tickets}`,
    loadKnown: async () => [...known].map((id) => msg(id)),
    isKnown: (id) => known.has(id),
    onFresh: (m) => fresh.push(m),
    onUnauthorized,
    openEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    ...overrides,
  });
  return { sources, fresh, known, stop, onUnauthorized, tickets: () => tickets };
}

describe('the notification stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands chat events to onChat, never to the notifications, and replays after their ids too', async () => {
    const chat: unknown[][] = [];
    const { sources, fresh } = setup({ onChat: (items) => chat.push(items) });
    await flush();
    const item = { type: 'message', id: 40, conversationId: 2, message: { id: 9 } };
    sources[0].sendChat([item], '40');
    sources[0].sendChat('not an array', '41');
    expect(chat).toEqual([[item]]);
    expect(fresh).toEqual([]);
    sources[0].fail();
    expect(sources[0].chatListeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sources[1].url).toBe('/api/sse/connect/7?ticket=t2&lastEventId=41');
  });

  it('listens to no chat events without onChat', async () => {
    const { sources } = setup();
    await flush();
    expect(sources[0].chatListeners.size).toBe(0);
  });

  it('opens with a ticket and replays what is newer than the list already shown (a first connection: chat starts at its newest)', async () => {
    const { sources } = setup();
    await flush();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe('/api/sse/connect/7?ticket=t1&lastEventId=5&first=1');
  });

  it('stays a first connection until an event id came from a stream', async () => {
    const { sources } = setup({ onChat: () => undefined });
    await flush();
    sources[0].fail();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sources[1].url).toBe('/api/sse/connect/7?ticket=t2&lastEventId=5&first=1');
    sources[1].sendChat([{ type: 'read', id: 6 }], '6');
    sources[1].fail();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sources[2].url).toBe('/api/sse/connect/7?ticket=t3&lastEventId=6');
  });

  it('announces only unknown ids, oldest first, and never twice', async () => {
    const { sources, fresh } = setup();
    await flush();
    sources[0].send([msg(9), msg(5), msg(8)], '9');
    sources[0].send([msg(9)], '9');
    expect(fresh).toEqual([[msg(8), msg(9)]]);
  });

  it('closes on error and reconnects after 3 s with a new ticket and the last id seen', async () => {
    const { sources, tickets } = setup();
    await flush();
    sources[0].send([msg(12)], '12');
    sources[0].fail();
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(sources[1].url).toBe('/api/sse/connect/7?ticket=t2&lastEventId=12');
    expect(tickets()).toBe(2);
  });

  it('keeps retrying every 3 s while the ticket cannot be fetched (server down)', async () => {
    let fail = true;
    let calls = 0;
    const { sources } = setup({
      fetchTicket: async () => {
        calls += 1;
        if (fail) throw new Error('network');
        return 'ok';
      },
    });
    await flush();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(sources).toHaveLength(1);
  });

  it('stops for good on a {code: 401} event', async () => {
    const { sources, onUnauthorized } = setup();
    await flush();
    sources[0].send({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sources).toHaveLength(1);
  });

  it('stop() closes the stream and cancels a pending reconnect', async () => {
    const { sources, stop } = setup();
    await flush();
    sources[0].fail();
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sources).toHaveLength(1);
  });

  it('builds the URL and parses events defensively', () => {
    expect(streamUrl('/api', 'a b', 'x&y', null)).toBe('/api/sse/connect/a%20b?ticket=x%26y');
    expect(parseStreamEvent('not json')).toEqual({ kind: 'ignored' });
    expect(parseStreamEvent('{"code":401}')).toEqual({ kind: 'unauthorized' });
    expect(parseStreamEvent('[{"id":1}]')).toEqual({ kind: 'messages', messages: [] });
  });
});

describe('the pacer (a sound and a toast per message, 1 s apart)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces the first at once and the next ones one second apart', async () => {
    const seen: number[] = [];
    const pacer = createPacer<number>((n) => seen.push(n), 1000);
    pacer.push([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([1, 2, 3]);
    pacer.push([4]);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});

describe('afterFirstInteraction', () => {
  const fakeWindow = () => new EventTarget() as unknown as Window;

  it('waits for the first click, key press, scroll or touch, then stops listening', () => {
    const win = fakeWindow();
    const start = vi.fn();
    afterFirstInteraction(start, win);
    expect(start).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('scroll'));
    win.dispatchEvent(new Event('click'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before any interaction', () => {
    const win = fakeWindow();
    const start = vi.fn();
    afterFirstInteraction(start, win)();
    win.dispatchEvent(new Event('touchstart'));
    expect(start).not.toHaveBeenCalled();
  });
});
