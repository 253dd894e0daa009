import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import type { Db } from '../../db/client.ts';
import { metrics } from '../../lib/metrics.ts';
import { unreadAfter } from './notification-service.ts';

/** One open stream on this instance. Kept small: 10,000 of them must fit in ~30 KB each with their sockets. */
export interface StreamClient {
  readonly shopId: number;
  readonly sessionId: number;
  /** The largest id sent (or skipped); null while the stream is still opening (replay not done). */
  cursor: number | null;
  /** Writes raw SSE text; answers false when the client is not keeping up. */
  write(chunk: string): boolean;
  /** How many bytes wait in the socket's buffer. */
  buffered(): number;
  end(): void;
}

/** A client that stops reading is dropped past this much unsent data; it reconnects with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Streams written per event-loop turn by the heartbeat. */
const HEARTBEAT_SLICE = 1000;

export const HEARTBEAT = ': hb\n\n';
/** Written before the server ends a stream because it is stopping: the client reconnects (to another instance) with Last-Event-ID. */
export const RECONNECT = ': reconnect\n\n';
export const UNAUTHORIZED_EVENT = 'data: {"code":401}\n\n';

export function formatEvent(messages: NotificationMessage[]): string {
  return `id: ${messages[messages.length - 1].id}\ndata: ${JSON.stringify(messages)}\n\n`;
}

/**
 * The streams held by this instance, by shop. A bus message "shop S has new rows" makes the hub
 * read S's unread rows after the smallest cursor of S's streams — one query per shop, however
 * many tabs — and send each stream the rows after its own cursor. Reads for one shop never
 * overlap (a wake-up during a read runs one more read after it), so nothing is sent twice or out
 * of order, and since rows of one shop commit in id order (notifyShop), nothing is skipped.
 */
export class StreamHub {
  private readonly byShop = new Map<number, Set<StreamClient>>();
  /** Shops being read right now; true when another wake-up arrived meanwhile. */
  private readonly reading = new Map<number, boolean>();
  private readonly timer: NodeJS.Timeout | null;
  private count = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
    /** Answers which of these sessions are still valid; streams of the others get a 401 event. */
    private readonly validSessions: (sessionIds: number[]) => Promise<Set<number>>,
  ) {
    this.timer = heartbeatMs > 0 ? setInterval(() => void this.heartbeat(), heartbeatMs) : null;
    this.timer?.unref();
  }

  get size(): number {
    return this.count;
  }

  add(client: StreamClient) {
    // A stream that finished opening after closeAll (its ticket was redeemed meanwhile) would hold
    // the server's stop until its deadline: it is told to go elsewhere at once.
    if (this.closed) {
      client.write(RECONNECT);
      client.end();
      return;
    }
    let set = this.byShop.get(client.shopId);
    if (!set) this.byShop.set(client.shopId, (set = new Set()));
    if (!set.has(client)) this.count += 1;
    set.add(client);
  }

  remove(client: StreamClient) {
    const set = this.byShop.get(client.shopId);
    if (!set?.delete(client)) return;
    this.count -= 1;
    if (set.size === 0) this.byShop.delete(client.shopId);
  }

  /** Bus handler: these shops have new rows. Shops without a stream here cost nothing. */
  wake(shopIds: Iterable<number>) {
    for (const shopId of shopIds) {
      if (!this.byShop.has(shopId)) continue;
      if (this.reading.has(shopId)) {
        this.reading.set(shopId, true);
        continue;
      }
      this.reading.set(shopId, false);
      void this.drain(shopId);
    }
  }

  /** Re-reads every shop with a stream here (after the bus may have lost messages). */
  wakeAll() {
    this.wake([...this.byShop.keys()]);
  }

  private async drain(shopId: number) {
    try {
      for (;;) {
        const more = await this.readOnce(shopId);
        if (more) continue;
        if (this.reading.get(shopId)) {
          this.reading.set(shopId, false);
          continue;
        }
        break;
      }
    } catch (error) {
      this.log.error({ err: error, shopId }, 'notification stream: read failed');
    } finally {
      this.reading.delete(shopId);
    }
  }

  /** One read for a shop; answers true when a full batch came back (there may be more). */
  private async readOnce(shopId: number): Promise<boolean> {
    const clients = this.byShop.get(shopId);
    if (!clients) return false;
    let from: number | null = null;
    for (const c of clients) if (c.cursor !== null && (from === null || c.cursor < from)) from = c.cursor;
    if (from === null) return false;
    const rows = await unreadAfter(this.db, shopId, from, NOTIFICATIONS.REPLAY_MAX);
    if (rows.length === 0) return false;
    const last = rows[rows.length - 1].id;
    let whole: string | null = null;
    let delivered = 0;
    for (const c of this.byShop.get(shopId) ?? []) {
      // A stream that finished opening during the read (cursor below `from`) waits for the next read.
      if (c.cursor === null || c.cursor < from || c.cursor >= last) continue;
      const cursor = c.cursor;
      const fresh = cursor === from ? rows : rows.filter((r) => r.id > cursor);
      if (fresh.length > 0) {
        this.send(c, fresh === rows ? (whole ??= formatEvent(rows)) : formatEvent(fresh));
        delivered += 1;
      }
      c.cursor = last;
    }
    if (delivered > 0) metrics.eventsDelivered(delivered);
    return rows.length === NOTIFICATIONS.REPLAY_MAX;
  }

  /** Writes to one client; a client that stopped reading is dropped. */
  send(client: StreamClient, chunk: string) {
    if (!client.write(chunk) && client.buffered() > MAX_BUFFERED_BYTES) {
      this.log.info({ shopId: client.shopId }, 'notification stream: client too slow, closed');
      this.remove(client);
      client.end();
    }
  }

  /** `: hb` on every stream; streams whose session ended (logout, password change) get a 401 event. */
  private async heartbeat() {
    const clients: StreamClient[] = [];
    for (const set of this.byShop.values()) for (const c of set) clients.push(c);
    if (clients.length === 0) return;
    const sessionIds = new Set<number>();
    // In slices, so 10,000 streams never hold the event loop for long.
    for (let i = 0; i < clients.length; i += HEARTBEAT_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const c of clients.slice(i, i + HEARTBEAT_SLICE)) {
        this.send(c, HEARTBEAT);
        sessionIds.add(c.sessionId);
      }
    }
    try {
      // In chunks too: on PGlite a query runs on this thread (10,000 ids ≈ 100 ms, 1,000 ≈ 15 ms).
      const ids = [...sessionIds];
      const valid = new Set<number>();
      for (let i = 0; i < ids.length; i += HEARTBEAT_SLICE) {
        for (const id of await this.validSessions(ids.slice(i, i + HEARTBEAT_SLICE))) valid.add(id);
      }
      // Only the streams whose session was asked about: others opened during the query.
      for (const c of clients) {
        if (valid.has(c.sessionId) || !this.byShop.get(c.shopId)?.has(c)) continue;
        this.remove(c);
        c.write(UNAUTHORIZED_EVENT);
        c.end();
      }
    } catch (error) {
      this.log.warn({ err: error }, 'notification stream: session check failed');
    }
  }

  /** Ends every stream, and any that opens later (server shutdown: clients reconnect elsewhere with Last-Event-ID). */
  closeAll() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const set of this.byShop.values())
      for (const c of set) {
        c.write(RECONNECT);
        c.end();
      }
    this.byShop.clear();
    this.count = 0;
  }
}
