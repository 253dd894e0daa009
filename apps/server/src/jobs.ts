import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { metrics } from './lib/metrics.ts';
import { rowsOf } from './lib/sql-text.ts';
import { pruneAttempts } from './modules/auth/login-throttle.ts';
import { foldShopTotals, SHOP_TOTALS_FOLD_MS } from './modules/dashboard/shop-totals.ts';
import { pruneIdempotencyKeys } from './modules/ledger/idempotency.ts';
import { collectNotifications } from './modules/notifications/notify-scope.ts';
import { pruneStreamTickets } from './modules/notifications/stream-service.ts';
import { penalizeOverdueOrders } from './modules/orders/overtime-job.ts';
import { PACKAGE_JOB_INTERVAL_MS, runPackageReminders } from './modules/packages/package-expiry-job.ts';
import { runDemoCarrier } from './modules/shipping/carrier-service.ts';
import { pruneExposureViews } from './modules/storefront/exposure-counter.ts';

/** Advisory lock class of the background jobs; the second key is the job's number below. */
const JOB_LOCK_CLASS = 0x5d02;

interface JobDefinition {
  /** Stable for ever: two instances must compute the same lock key. */
  lockKey: number;
  intervalMs(app: FastifyInstance): number;
  run(db: Db, app: FastifyInstance): Promise<unknown>;
}

export const JOBS = {
  overtime: { lockKey: 1, intervalMs: (app) => app.config.overtimeJobIntervalMs, run: (db) => penalizeOverdueOrders(db) },
  'demo-carrier': {
    lockKey: 2,
    intervalMs: (app) => app.config.demoCarrierIntervalMs,
    run: (db, app) => runDemoCarrier(db, { minStepMs: app.config.demoCarrierIntervalMs }),
  },
  'stream-tickets': { lockKey: 3, intervalMs: () => 3600_000, run: (db) => pruneStreamTickets(db) },
  'package-reminders': { lockKey: 4, intervalMs: () => PACKAGE_JOB_INTERVAL_MS, run: (db) => runPackageReminders(db) },
  /** Stored Idempotency-Key answers are replayed for a day, then forgotten. */
  'idempotency-keys': { lockKey: 5, intervalMs: () => 3600_000, run: (db) => pruneIdempotencyKeys(db) },
  /** The record of secret checks and idle throttle keys are kept for ATTEMPT_RECORD_KEEP_MS (docs/decisions.md, "Login and secret throttling"). */
  'auth-attempts': { lockKey: 6, intervalMs: () => 3600_000, run: (db) => pruneAttempts(db) },
  /** Package exposure viewers are only needed within their window (EXPOSURE_WINDOW_MINUTES). */
  'exposure-views': { lockKey: 7, intervalMs: () => 3600_000, run: (db, app) => pruneExposureViews(db, app.config.exposureWindowMinutes) },
  /** The deltas of the shops' all-time figures (the dashboard's orders, sales, reviews) folded into one row per shop. */
  'shop-totals': { lockKey: 8, intervalMs: () => SHOP_TOTALS_FOLD_MS, run: (db) => foldShopTotals(db) },
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;

export type JobRun = { ran: true; result: unknown } | { ran: false };

/**
 * Runs one job once, on at most one instance at a time (DESIGN §1): the run is a transaction that
 * first takes `pg_try_advisory_xact_lock(class, job)`; an instance that does not get it skips this
 * run (another instance is doing it), and the lock goes with the commit. On PGlite (one process)
 * the lock is always free. Notifications the job stores are published after the commit.
 */
export async function runJobOnce(app: FastifyInstance, name: JobName): Promise<JobRun> {
  const job: JobDefinition = JOBS[name];
  const started = performance.now();
  try {
    const { result, shops, buyers } = await collectNotifications(() =>
      app.db.transaction(async (tx): Promise<JobRun> => {
        const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}::int, ${job.lockKey}::int) as got`));
        if (!lock?.got) return { ran: false };
        return { ran: true, result: await job.run(tx, app) };
      }),
    );
    if (shops.size > 0) app.notifications.bus.publish(shops);
    if (buyers.size > 0) app.notifications.bus.publishBuyers(buyers);
    metrics.jobRun(name, result.ran ? 'done' : 'skipped', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    metrics.jobRun(name, 'failed', (performance.now() - started) / 1000);
    throw error;
  }
}

export interface BackgroundJobs {
  /** The jobs this instance runs, with their intervals. */
  readonly names: string[];
  /** Starts no new run and resolves when the runs in progress have ended (committed or rolled back). */
  stop(): Promise<void>;
}

/**
 * Background jobs of the server process (never started by buildApp, so tests run none): the
 * overtime purchase job, the demo carrier, ticket housekeeping. Every instance with ROLE `both` or
 * `worker` keeps a timer, and each run goes through runJobOnce, so a job runs on one instance at
 * a time. A run never overlaps this instance's previous one. A run is one transaction: a process
 * that dies in the middle leaves nothing of it, and the next run (here or on another instance)
 * does the work again; the money it moves goes through ledger transfers whose unique keys make a
 * second application a replay.
 */
export function startBackgroundJobs(app: FastifyInstance): BackgroundJobs {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<JobName, Promise<unknown>>();
  let stopped = false;
  for (const name of Object.keys(JOBS) as JobName[]) {
    const ms = JOBS[name].intervalMs(app);
    if (ms <= 0) continue;
    const timer = setInterval(() => {
      if (stopped || running.has(name)) return;
      const run = runJobOnce(app, name)
        .then((outcome) => app.log.debug({ job: name, run: outcome }, outcome.ran ? 'job done' : 'job skipped: running on another instance'))
        .catch((error) => app.log.error({ err: error, job: name }, 'job failed'))
        .finally(() => running.delete(name));
      running.set(name, run);
    }, ms);
    timer.unref();
    timers.push(timer);
  }
  return {
    names: (Object.keys(JOBS) as JobName[]).filter((name) => JOBS[name].intervalMs(app) > 0).map((name) => `${name} every ${JOBS[name].intervalMs(app) / 1000} s`),
    async stop() {
      stopped = true;
      timers.forEach((t) => clearInterval(t));
      await Promise.all(running.values());
    },
  };
}
