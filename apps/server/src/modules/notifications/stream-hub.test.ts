import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { HEARTBEAT, StreamHub, UNAUTHORIZED_EVENT, type StreamClient } from './stream-hub.ts';

/** A stream that records what the hub wrote to it. */
function fakeClient(key: number, sessionId: number) {
  const written: string[] = [];
  let ended = false;
  const client: StreamClient = {
    key,
    sessionId,
    chat: true,
    cursor: 0,
    write: (chunk) => (written.push(chunk), true),
    buffered: () => 0,
    end: () => void (ended = true),
  };
  return { client, written, ended: () => ended };
}

const log = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
// The heartbeat reads nothing itself: sessions are checked through the callback given.
const noDatabase = null as unknown as Db;

describe('stream heartbeat', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('writes a share of the streams each turn and every stream once a period', async () => {
    const revoked = new Set<number>();
    const checked: number[][] = [];
    const hub = new StreamHub(noDatabase, log, 20_000, async (ids) => (checked.push(ids), new Set(ids.filter((id) => !revoked.has(id)))), []);
    const clients = Array.from({ length: 60 }, (_, i) => fakeClient(i + 1, 1000 + i));
    for (const c of clients) hub.add(c.client);
    const beats = () => clients.map((c) => c.written.filter((w) => w === HEARTBEAT).length);

    await vi.advanceTimersByTimeAsync(1000);
    // The first turn: the keys in its share only (60 keys in 20 shares), sessions checked for them alone.
    expect(beats().reduce((a, b) => a + b, 0)).toBe(3);
    expect(checked.flat()).toHaveLength(3);

    await vi.advanceTimersByTimeAsync(19_000);
    expect(beats()).toEqual(clients.map(() => 1));
    expect(checked.flat().sort()).toEqual(clients.map((c) => c.client.sessionId).sort());

    // A session that ended is told within the next period, and only its stream.
    revoked.add(1006);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(beats()).toEqual(clients.map(() => 2));
    const told = clients.filter((c) => c.written.includes(UNAUTHORIZED_EVENT));
    expect(told.map((c) => c.client.key)).toEqual([7]);
    expect(told[0]!.ended()).toBe(true);
    expect(hub.size).toBe(59);
    hub.closeAll();
  });

  it('keeps one turn a period when the period is short', async () => {
    const hub = new StreamHub(noDatabase, log, 300, async (ids) => new Set(ids), []);
    const clients = Array.from({ length: 5 }, (_, i) => fakeClient(i + 1, i + 1));
    for (const c of clients) hub.add(c.client);
    await vi.advanceTimersByTimeAsync(300);
    expect(clients.map((c) => c.written.filter((w) => w === HEARTBEAT).length)).toEqual([1, 1, 1, 1, 1]);
    hub.closeAll();
  });
});
