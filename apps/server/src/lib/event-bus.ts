import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SessionRevocation } from '../modules/auth/session-cache.ts';
import type { Handoff } from '../modules/notifications/stream-hub.ts';
import { metrics } from './metrics.ts';

/**
 * The event bus of DESIGN §1: it carries "shop S has new notification rows", never the rows
 * themselves — the rows are in the database, and each stream reads the ones it has not sent yet.
 * A lost or repeated message therefore loses or repeats nothing; it only wakes a stream late or
 * twice.
 *
 * Without REDIS_URL the bus is in-process (one instance). With it, every instance publishes to and
 * subscribes on one Redis channel (one publisher and one subscriber connection per instance), so a
 * buyer paying through instance A wakes the seller's stream held on instance B.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Wakes the streams of these shops on every instance. Call only after the rows committed.
   * `handoffs` (some shops' new items, exactly) go to this instance's handler only.
   */
  publish(shopIds: Iterable<number>, handoffs?: Handoffs): void;
  /** The handler of this instance (the stream hub); one per bus. */
  onShops(handler: KeysHandler): void;
  /** Wakes these buyers' chat streams on every instance. Call only after the rows committed. */
  publishBuyers(buyerIds: Iterable<number>, handoffs?: Handoffs): void;
  /** The handler of this instance for buyers (the mall's chat hub); one per bus. */
  onBuyers(handler: KeysHandler): void;
  /** Called when messages may have been missed (Redis reconnected): the hubs re-read every key they serve (one handler per hub). */
  onResync(handler: () => void): void;
  /** Sessions ended on this instance (logout, password change): the other instances drop them from their session caches. */
  publishSessionsEnded(revocation: SessionRevocation): void;
  /** The other instances' ended sessions (this instance's own are handled where they end). */
  onSessionsEnded(handler: (revocation: SessionRevocation) => void): void;
  /** Whether Redis answers within `timeoutMs` on both connections; null for the in-process bus (no Redis). */
  ping(timeoutMs: number): Promise<boolean | null>;
  /** Whether each Redis connection is ready now (the metrics' Redis state); null without Redis. */
  redisConnections(): Record<'publisher' | 'subscriber', boolean> | null;
  close(): Promise<void>;
}

export type Handoffs = ReadonlyMap<number, Handoff>;
type KeysHandler = (ids: number[], handoffs?: Handoffs) => void;

export const NOTIFICATION_CHANNEL = 'shopdesk:notifications';
/** "<origin> <buyerId>,<buyerId>…": buyers whose chat streams have new items (a channel of its own, so instances that do not know it ignore it). */
export const BUYER_CHANNEL = 'shopdesk:buyers';
/** "<origin> s<sessionId>" or "<origin> u<userId>": sessions that ended (modules/auth/session-cache.ts). */
export const SESSION_CHANNEL = 'shopdesk:sessions';

/** Opens the bus the configuration asks for; a Redis bus is connected and subscribed when this resolves. */
export async function openEventBus(options: { redisUrl: string | null; log: FastifyBaseLogger }): Promise<EventBus> {
  if (!options.redisUrl) return new MemoryBus();
  const bus = new RedisBus(options.redisUrl, options.log);
  await bus.connect();
  return bus;
}

class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private handler: KeysHandler = () => {};
  private buyersHandler: KeysHandler = () => {};

  publish(shopIds: Iterable<number>, handoffs?: Handoffs) {
    const ids = [...shopIds];
    if (ids.length === 0) return;
    metrics.eventsPublished('memory', ids.length);
    queueMicrotask(() => this.handler(ids, handoffs));
  }

  onShops(handler: KeysHandler) {
    this.handler = handler;
  }

  publishBuyers(buyerIds: Iterable<number>, handoffs?: Handoffs) {
    const ids = [...buyerIds];
    if (ids.length === 0) return;
    metrics.eventsPublished('memory', ids.length);
    queueMicrotask(() => this.buyersHandler(ids, handoffs));
  }

  onBuyers(handler: KeysHandler) {
    this.buyersHandler = handler;
  }

  onResync() {}

  // One instance: its own cache was told where the sessions ended.
  publishSessionsEnded() {}

  onSessionsEnded() {}

  async ping() {
    return null;
  }

  redisConnections() {
    return null;
  }

  async close() {}
}

/**
 * Redis pub/sub. A message is "<origin> <shopId>,<shopId>…"; the publishing instance wakes its
 * own streams at once and skips its own message when Redis echoes it back.
 */
class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly origin = randomBytes(6).toString('hex');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private handler: KeysHandler = () => {};
  private buyersHandler: KeysHandler = () => {};
  private readonly resyncs: (() => void)[] = [];
  private sessionsEnded: (revocation: SessionRevocation) => void = () => {};
  private connectedOnce = false;
  private closing = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = { lazyConnect: true, connectionName: `shopdesk-${this.origin}` };
    this.publisher = new Redis(url, { ...options, maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, options);
    for (const [role, client] of [['publisher', this.publisher], ['subscriber', this.subscriber]] as const) {
      client.on('error', (error: Error) => {
        if (!this.closing) this.log.warn({ err: error, role }, 'event bus: Redis error');
      });
    }
  }

  async connect() {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === NOTIFICATION_CHANNEL) this.receive(message, this.handler);
      else if (channel === BUYER_CHANNEL) this.receive(message, this.buyersHandler);
      else if (channel === SESSION_CHANNEL) this.receiveSessionsEnded(message);
    });
    // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost,
    // so the hub re-reads every shop it serves from the database.
    this.subscriber.on('ready', () => {
      if (this.connectedOnce && !this.closing) {
        this.log.info('event bus: Redis reconnected, resyncing streams');
        for (const resync of this.resyncs) resync();
      }
    });
    await this.subscriber.subscribe(NOTIFICATION_CHANNEL, SESSION_CHANNEL, BUYER_CHANNEL);
    this.connectedOnce = true;
  }

  private receive(message: string, handler: (ids: number[]) => void) {
    const space = message.indexOf(' ');
    if (space < 0 || message.slice(0, space) === this.origin) return;
    const ids = message
      .slice(space + 1)
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length > 0) handler(ids);
  }

  publish(shopIds: Iterable<number>, handoffs?: Handoffs) {
    this.send(NOTIFICATION_CHANNEL, [...shopIds], (ids) => this.handler(ids, handoffs));
  }

  publishBuyers(buyerIds: Iterable<number>, handoffs?: Handoffs) {
    this.send(BUYER_CHANNEL, [...buyerIds], (ids) => this.buyersHandler(ids, handoffs));
  }

  private send(channel: string, ids: number[], local: (ids: number[]) => void) {
    if (ids.length === 0) return;
    metrics.eventsPublished('redis', ids.length);
    queueMicrotask(() => local(ids));
    this.publisher.publish(channel, `${this.origin} ${ids.join(',')}`).catch((error: unknown) => {
      // The rows are stored; other instances' streams get them on the key's next wake-up or reconnect.
      this.log.warn({ err: error, channel, ids }, 'event bus: publish failed');
    });
  }

  onShops(handler: KeysHandler) {
    this.handler = handler;
  }

  onBuyers(handler: KeysHandler) {
    this.buyersHandler = handler;
  }

  onResync(handler: () => void) {
    this.resyncs.push(handler);
  }

  publishSessionsEnded(revocation: SessionRevocation) {
    const target = 'sessionId' in revocation ? `s${revocation.sessionId}` : `u${revocation.userId}`;
    this.publisher.publish(SESSION_CHANNEL, `${this.origin} ${target}`).catch((error: unknown) => {
      // Other instances' caches then keep the session until their entry goes stale (a few seconds).
      this.log.warn({ err: error, revocation }, 'event bus: publish of ended sessions failed');
    });
  }

  onSessionsEnded(handler: (revocation: SessionRevocation) => void) {
    this.sessionsEnded = handler;
  }

  private receiveSessionsEnded(message: string) {
    const [origin, target = ''] = message.split(' ');
    const id = Number(target.slice(1));
    if (origin === this.origin || !Number.isSafeInteger(id) || id <= 0) return;
    if (target[0] === 's') this.sessionsEnded({ sessionId: id });
    else if (target[0] === 'u') this.sessionsEnded({ userId: id });
  }

  redisConnections() {
    return { publisher: this.publisher.status === 'ready', subscriber: this.subscriber.status === 'ready' };
  }

  async ping(timeoutMs: number) {
    // A connection that is not ready fails at once: a PING would wait in ioredis's offline queue.
    if (this.publisher.status !== 'ready' || this.subscriber.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([this.publisher.ping().then((answer) => answer === 'PONG'), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close() {
    this.closing = true;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
