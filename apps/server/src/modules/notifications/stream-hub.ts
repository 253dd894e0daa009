import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { metrics } from '../../lib/metrics.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/** One open stream on this instance. Kept small: 10,000 of them must fit in ~30 KB each with their sockets. */
export interface StreamClient {
  /** Whose stream: a shop (sellers' hub) or a buyer (the mall's chat hub). */
  readonly key: number;
  readonly sessionId: number;
  /** Whether chat events are sent to it (a member who may read the shop's chat, or a buyer). */
  readonly chat: boolean;
  /** The largest id sent (or skipped); null while the stream is still opening (replay not done). */
  cursor: number | null;
  /** Writes raw SSE text; answers false when the client is not keeping up. */
  write(chunk: string): boolean;
  /** How many bytes wait in the socket's buffer. */
  buffered(): number;
  end(): void;
}

/**
 * One thing a stream sends: a notification message (`event` null: the arrays of SPEC §7 that every
 * client reads) or a chat event (`event: chat`, which clients that do not know it never see).
 */
export interface StreamItem {
  id: number;
  event: 'chat' | null;
  data: unknown;
}

/**
 * Where a hub's items come from: the notifications, and chat once the chat module adds itself.
 * Every source of one hub draws its ids from one sequence under one lock per key, so a key's items
 * commit in id order across all its sources.
 */
export interface StreamSource {
  /**
   * A select of `key`'s items after `afterId`, oldest first, at most `limit`, as rows `(id, data)`
   * with the item's row(s) as JSON in `data`; `replay` is the read on (re)connect. The hub runs
   * every source's select in one statement: one round trip and one snapshot.
   */
  select(key: number, afterId: number, limit: number, replay: boolean): SQL;
  /** The item of one row of that select. */
  item(id: number, data: Record<string, unknown>): StreamItem;
  /** The key's largest id (0 when none). */
  latestId(db: DbOrTx, key: number): Promise<number>;
}

/** A key's new items, exactly: every item after `after` up to the last, committed by this instance (notify-scope.ts, noteHandoff). */
export interface Handoff {
  after: number;
  items: StreamItem[];
}

/** A client that stops reading is dropped past this much unsent data; it reconnects with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Streams written per event-loop turn by the heartbeat. */
const HEARTBEAT_SLICE = 1000;
/**
 * The heartbeat's period is cut into this many turns, each writing the streams (and checking the
 * sessions) of one share of the keys: every stream still hears from the server once a period, but
 * 10,000 streams written in one go held each request's next step (a send's next statement) behind
 * them for a fifth of a second.
 */
const HEARTBEAT_TURNS = 20;
/** A period shorter than this many turns of this length gets fewer turns. */
const HEARTBEAT_TURN_MIN_MS = 250;

export const HEARTBEAT = ': hb\n\n';
/** Written before the server ends a stream because it is stopping: the client reconnects (to another instance) with Last-Event-ID. */
export const RECONNECT = ': reconnect\n\n';
export const UNAUTHORIZED_EVENT = 'data: {"code":401}\n\n';

/** The SSE text of items in id order: each run of one kind is one event whose id is the run's last. */
export function formatEvent(items: readonly StreamItem[]): string {
  let out = '';
  for (let start = 0; start < items.length; ) {
    let end = start + 1;
    while (end < items.length && items[end].event === items[start].event) end += 1;
    const run = items.slice(start, end);
    const name = run[0].event ? `event: ${run[0].event}\n` : '';
    out += `${name}id: ${run[run.length - 1].id}\ndata: ${JSON.stringify(run.map((i) => i.data))}\n\n`;
    start = end;
  }
  return out;
}

/**
 * The streams held by this instance, by key (a shop, or a buyer). A bus message "shop S has new
 * rows" makes the hub read S's items after the smallest cursor of S's streams — one read per shop,
 * however many tabs — and send each stream the items after its own cursor. Reads for one key never
 * overlap (a wake-up during a read runs one more read after it), so nothing is sent twice or out
 * of order, and since items of one key commit in id order (notifyShop, chat's sends), nothing is
 * skipped. With several sources, one read sees them all in one snapshot (see `read`).
 */
export class StreamHub {
  private readonly byShop = new Map<number, Set<StreamClient>>();
  private readonly sources: StreamSource[];
  /** Shops being read right now; true when another wake-up arrived meanwhile. */
  private readonly reading = new Map<number, boolean>();
  private readonly timer: NodeJS.Timeout | null;
  /** How many shares the keys are cut into for the heartbeat, and the share the next turn writes. */
  private readonly turns: number;
  private turn = 0;
  private count = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
    /** Answers which of these sessions are still valid; streams of the others get a 401 event. */
    private readonly validSessions: (sessionIds: number[]) => Promise<Set<number>>,
    sources: StreamSource[],
    private readonly name = 'notification stream',
  ) {
    this.sources = [...sources];
    this.turns = Math.max(1, Math.min(HEARTBEAT_TURNS, Math.floor(heartbeatMs / HEARTBEAT_TURN_MIN_MS)));
    this.timer = heartbeatMs > 0 ? setInterval(() => void this.heartbeat(), heartbeatMs / this.turns) : null;
    this.timer?.unref();
  }

  /** Another source for this hub's streams (chat adds itself to the sellers' hub at start). */
  addSource(source: StreamSource) {
    this.sources.push(source);
  }

  /** Runs the sources' latest-id reads in one snapshot of the database (one source needs no transaction). */
  private snapshot<T>(work: (db: DbOrTx) => Promise<T>): Promise<T> {
    if (this.sources.length === 1) return work(this.db);
    return this.db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /**
   * Items of `key` after `afterId` from every source, oldest first, cut where a full source's batch
   * ends; `more` when one was full. One statement (a union of the sources' selects) sees one
   * snapshot, so no row of one source can slip between the reads of two.
   */
  async read(key: number, afterId: number, replay: boolean): Promise<{ items: StreamItem[]; more: boolean }> {
    const limit = NOTIFICATIONS.REPLAY_MAX;
    const parts = this.sources.map((source, i) => sql`(select ${i}::int as source, id, data from (${source.select(key, afterId, limit, replay)}) s${sql.raw(String(i))})`);
    const rows = rowsOf<{ source: number; id: number | string; data: Record<string, unknown> }>(await this.db.execute(sql.join(parts, sql` union all `)));
    const lists: StreamItem[][] = this.sources.map(() => []);
    for (const row of rows) lists[Number(row.source)].push(this.sources[Number(row.source)].item(Number(row.id), row.data));
    let horizon = Infinity;
    for (const list of lists) {
      list.sort((a, b) => a.id - b.id);
      if (list.length === limit) horizon = Math.min(horizon, list[list.length - 1].id);
    }
    const items = lists
      .flat()
      .filter((item) => item.id <= horizon)
      .sort((a, b) => a.id - b.id);
    return { items, more: horizon !== Infinity };
  }

  /** The key's largest id over every source: where a stream opened without Last-Event-ID starts. */
  latest(key: number): Promise<number> {
    return this.snapshot(async (db) => {
      let latest = 0;
      for (const source of this.sources) latest = Math.max(latest, await source.latestId(db, key));
      return latest;
    });
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
    let set = this.byShop.get(client.key);
    if (!set) this.byShop.set(client.key, (set = new Set()));
    if (!set.has(client)) this.count += 1;
    set.add(client);
  }

  remove(client: StreamClient) {
    const set = this.byShop.get(client.key);
    if (!set?.delete(client)) return;
    this.count -= 1;
    if (set.size === 0) this.byShop.delete(client.key);
  }

  /**
   * Bus handler: these shops have new rows. Shops without a stream here cost nothing. A shop with a
   * handoff (its new items, committed by this instance) is served without a read when every
   * stream of it here had sent everything up to the handoff.
   */
  wake(shopIds: Iterable<number>, handoffs?: ReadonlyMap<number, Handoff>) {
    for (const shopId of shopIds) {
      if (!this.byShop.has(shopId)) continue;
      if (this.reading.has(shopId)) {
        this.reading.set(shopId, true);
        continue;
      }
      const handoff = handoffs?.get(shopId);
      if (handoff && this.handOver(shopId, handoff)) continue;
      this.reading.set(shopId, false);
      void this.drain(shopId);
    }
  }

  /** Sends a handoff to the key's streams that are exactly at its start; answers false when one is behind (a read must serve it). */
  private handOver(key: number, handoff: Handoff): boolean {
    const last = handoff.items.at(-1)?.id ?? handoff.after;
    const chunks = new Map<boolean, string>();
    let behind = false;
    let delivered = 0;
    for (const c of this.byShop.get(key) ?? []) {
      // A stream still opening reads for itself once open (holdStream).
      if (c.cursor === null || c.cursor >= last) continue;
      if (c.cursor !== handoff.after) {
        behind = true;
        continue;
      }
      let chunk = chunks.get(c.chat);
      if (chunk === undefined) {
        const items = c.chat ? handoff.items : handoff.items.filter((item) => item.event !== 'chat');
        chunk = items.length > 0 ? formatEvent(items) : '';
        chunks.set(c.chat, chunk);
      }
      if (chunk) {
        this.send(c, chunk);
        delivered += 1;
      }
      c.cursor = last;
    }
    if (delivered > 0) metrics.eventsDelivered(delivered);
    return !behind;
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
      this.log.error({ err: error, key: shopId }, `${this.name}: read failed`);
    } finally {
      this.reading.delete(shopId);
    }
  }

  /** One read for a key; answers true when a full batch came back (there may be more). */
  private async readOnce(shopId: number): Promise<boolean> {
    const clients = this.byShop.get(shopId);
    if (!clients) return false;
    let from: number | null = null;
    for (const c of clients) if (c.cursor !== null && (from === null || c.cursor < from)) from = c.cursor;
    if (from === null) return false;
    const { items: rows, more } = await this.read(shopId, from, false);
    if (rows.length === 0) return false;
    const last = rows[rows.length - 1].id;
    const whole = new Map<boolean, string>();
    let delivered = 0;
    for (const c of this.byShop.get(shopId) ?? []) {
      // A stream that finished opening during the read (cursor below `from`) waits for the next read.
      if (c.cursor === null || c.cursor < from || c.cursor >= last) continue;
      const cursor = c.cursor;
      const fresh = rows.filter((r) => r.id > cursor && (c.chat || r.event !== 'chat'));
      if (fresh.length > 0) {
        let chunk: string;
        if (cursor === from) {
          chunk = whole.get(c.chat) ?? formatEvent(fresh);
          whole.set(c.chat, chunk);
        } else chunk = formatEvent(fresh);
        this.send(c, chunk);
        delivered += 1;
      }
      c.cursor = last;
    }
    if (delivered > 0) metrics.eventsDelivered(delivered);
    return more;
  }

  /** Writes to one client; a client that stopped reading is dropped. */
  send(client: StreamClient, chunk: string) {
    if (!client.write(chunk) && client.buffered() > MAX_BUFFERED_BYTES) {
      this.log.info({ key: client.key }, `${this.name}: client too slow, closed`);
      this.remove(client);
      client.end();
    }
  }

  /** `: hb` on the streams of this turn's share of the keys; those whose session ended (logout, password change) get a 401 event. */
  private async heartbeat() {
    const share = this.turn;
    this.turn = (this.turn + 1) % this.turns;
    const clients: StreamClient[] = [];
    for (const [key, set] of this.byShop) if (((key % this.turns) + this.turns) % this.turns === share) for (const c of set) clients.push(c);
    if (clients.length === 0) return;
    const sessionIds = new Set<number>();
    // In slices, so 10,000 streams never hold the event loop for long.
    for (let i = 0; i < clients.length; i += HEARTBEAT_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.closed) return;
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
        if (valid.has(c.sessionId) || !this.byShop.get(c.key)?.has(c)) continue;
        this.remove(c);
        c.write(UNAUTHORIZED_EVENT);
        c.end();
      }
    } catch (error) {
      // A check still running when the server stops finds the database closed: nothing to report.
      if (!this.closed) this.log.warn({ err: error }, `${this.name}: session check failed`);
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
