/**
 * What the code reports to the Prometheus metrics (plugins/metrics.ts), as plain calls: the
 * ledger, idempotency replays, the event bus and streams, the jobs and the database driver call
 * these, and nothing happens until the metrics are on (METRICS_TOKEN), when the plugin installs
 * the sink that feeds prom-client. So prom-client is loaded only by a server that exposes metrics,
 * and the code that counts never imports it.
 */
export interface MetricsSink {
  /** A ledger transfer answered by the database: `moved`, `replayed` (its key was already applied) or a refusal. */
  ledgerTransfer(type: string, outcome: string): void;
  /** A money request answered from its stored Idempotency-Key record. */
  idempotencyReplay(): void;
  /** Shops announced on the event bus (one per shop in a publish). */
  eventsPublished(transport: 'memory' | 'redis', shops: number): void;
  /** Notification events written to open streams (one per stream written). */
  eventsDelivered(streams: number): void;
  /** One run of a background job: `done`, `skipped` (another instance holds it) or `failed`. */
  jobRun(job: string, outcome: 'done' | 'skipped' | 'failed', seconds: number): void;
  /** One database round trip (query, or a PGlite transaction as a whole). */
  dbQuery(seconds: number, failed: boolean): void;
}

/** One sink per app that exposes metrics (usually one; the tests build several apps in a process). */
const sinks = new Set<MetricsSink>();

/** Adds a sink; answers the function that removes it (the app's close). */
export function addMetricsSink(sink: MetricsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export const metrics: MetricsSink = {
  ledgerTransfer: (type, outcome) => sinks.forEach((s) => s.ledgerTransfer(type, outcome)),
  idempotencyReplay: () => sinks.forEach((s) => s.idempotencyReplay()),
  eventsPublished: (transport, shops) => sinks.forEach((s) => s.eventsPublished(transport, shops)),
  eventsDelivered: (streams) => sinks.forEach((s) => s.eventsDelivered(streams)),
  jobRun: (job, outcome, seconds) => sinks.forEach((s) => s.jobRun(job, outcome, seconds)),
  dbQuery: (seconds, failed) => sinks.forEach((s) => s.dbQuery(seconds, failed)),
};

/** Whether any sink listens: callers skip the clock reads a measurement needs when none does. */
export function metricsOn(): boolean {
  return sinks.size > 0;
}
