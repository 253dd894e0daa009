import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addMetricsSink } from '../lib/metrics.ts';
import { errorBody } from './errors.ts';
import { READY_TIMEOUT_MS } from './health.ts';

/** Seconds: from a cached read (a few ms) to the 10 s client timeout of SPEC §7. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

/**
 * `GET /metrics` in the Prometheus text format, on the API port, for a request with
 * `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the metrics are off: prom-client
 * is not loaded, nothing is counted, and /metrics answers 404 like any unknown path; a request
 * without the right token gets 404 too, so nothing shows that metrics exist. The HTTP figures come
 * from hooks on every route (routes added later are measured without any change to them); the
 * domain figures come through lib/metrics.ts. README lists every metric.
 */
export async function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  const hidden = { config: { access: 'public' as const }, schema: { hide: true } };
  if (!token) {
    app.get('/metrics', hidden, async (request, reply) => reply.status(404).send(errorBody(request, 'NOT_FOUND')));
    return;
  }
  const expected = digest(token);
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route (the route pattern, "unmatched" for unknown paths), method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const inFlight = new Set<FastifyRequest>();
  new client.Gauge({ name: 'http_requests_in_flight', help: 'Requests received and not answered yet', registers, collect() {
    this.set(inFlight.size);
  } });
  const ledgerTransfers = new client.Counter({
    name: 'shopdesk_ledger_transfers_total',
    help: 'Ledger transfers by type and outcome: moved, replayed (the key was applied before), insufficient, key_reused (refusals)',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });
  const replays = new client.Counter({ name: 'shopdesk_idempotency_replays_total', help: 'Money requests answered from their stored Idempotency-Key record', registers });
  new client.Gauge({ name: 'shopdesk_streams_open', help: 'Notification streams open on this instance', registers, collect() {
    this.set(app.notifications.hub.size);
  } });
  const published = new client.Counter({ name: 'shopdesk_events_published_total', help: 'Shops announced on the event bus, by transport', labelNames: ['transport'] as const, registers });
  const delivered = new client.Counter({ name: 'shopdesk_events_delivered_total', help: 'Notification events written to open streams (replays included)', registers });
  const jobRuns = new client.Counter({ name: 'shopdesk_job_runs_total', help: 'Background job runs by outcome: done, skipped (another instance ran it), failed', labelNames: ['job', 'outcome'] as const, registers });
  const jobDuration = new client.Histogram({ name: 'shopdesk_job_duration_seconds', help: 'Duration of background job runs that ran', labelNames: ['job'] as const, buckets: JOB_BUCKETS, registers });
  const dbQueries = new client.Histogram({
    name: 'shopdesk_db_query_duration_seconds',
    help: 'Database round trips (a PGlite transaction counts as one), by outcome',
    labelNames: ['outcome'] as const,
    buckets: DB_BUCKETS,
    registers,
  });
  const pool = (name: string, help: string, pick: (f: NonNullable<ReturnType<typeof app.database.poolFigures>>) => number) =>
    new client.Gauge({ name, help, registers, collect() {
      const figures = app.database.poolFigures();
      if (figures) this.set(pick(figures));
    } });
  pool('shopdesk_db_pool_connections', 'PostgreSQL connections open in the pool', (f) => f.total);
  pool('shopdesk_db_pool_idle', 'PostgreSQL connections open and idle', (f) => f.idle);
  pool('shopdesk_db_pool_waiting', 'Requests waiting for a PostgreSQL connection', (f) => f.waiting);
  pool('shopdesk_db_pool_max', 'The most connections the pool opens (DB_POOL_MAX)', (f) => f.max);
  new client.Gauge({ name: 'shopdesk_db_up', help: 'Whether the database answered a query within a second at this scrape', registers, async collect() {
    this.set((await app.database.ping(READY_TIMEOUT_MS)) ? 1 : 0);
  } });
  new client.Gauge({ name: 'shopdesk_db_migrated', help: 'Whether this instance has applied or found every migration', registers, collect() {
    this.set(app.database.migrated ? 1 : 0);
  } });
  new client.Gauge({ name: 'shopdesk_redis_up', help: 'Whether each Redis connection (event bus publisher and subscriber, rate-limit counters) is ready; absent without REDIS_URL', labelNames: ['connection'] as const, registers, collect() {
    this.reset();
    for (const [connection, up] of Object.entries(app.notifications.bus.redisConnections() ?? {})) this.set({ connection }, up ? 1 : 0);
    const rateLimit = app.rateLimitRedisUp();
    if (rateLimit !== null) this.set({ connection: 'rate_limit' }, rateLimit ? 1 : 0);
  } });
  new client.Gauge({ name: 'shopdesk_stopping', help: 'Whether this instance is stopping (SIGTERM received)', registers, collect() {
    this.set(app.stopping ? 1 : 0);
  } });

  const remove = addMetricsSink({
    ledgerTransfer: (type, outcome) => ledgerTransfers.inc({ type, outcome }),
    idempotencyReplay: () => replays.inc(),
    eventsPublished: (transport, shops) => published.inc({ transport }, shops),
    eventsDelivered: (streams) => delivered.inc(streams),
    jobRun: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      if (outcome === 'done') jobDuration.observe({ job }, seconds);
    },
    dbQuery: (seconds, failed) => dbQueries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
  });
  app.addHook('onClose', async () => remove());

  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    inFlight.delete(request);
    httpDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', hidden, async (request, reply) => {
    if (!bearerMatches(request, expected)) return reply.status(404).send(errorBody(request, 'NOT_FOUND'));
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}
