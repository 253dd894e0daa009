import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rowsOf } from './lib/sql-text.ts';
import { pruneAttempts } from './modules/auth/login-throttle.ts';
import { pruneIdempotencyKeys } from './modules/ledger/idempotency.ts';
import { collectNotifications } from './modules/notifications/notify-scope.ts';
import { pruneStreamTickets } from './modules/notifications/stream-service.ts';
import { penalizeOverdueOrders } from './modules/orders/overtime-job.ts';
import { PACKAGE_JOB_INTERVAL_MS, runPackageReminders } from './modules/promotion/package-expiry-job.ts';
import { runDemoCarrier } from './modules/shipping/carrier-service.ts';

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
  const { result, shops } = await collectNotifications(() =>
    app.db.transaction(async (tx): Promise<JobRun> => {
      const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}::int, ${job.lockKey}::int) as got`));
      if (!lock?.got) return { ran: false };
      return { ran: true, result: await job.run(tx, app) };
    }),
  );
  if (shops.size > 0) app.notifications.bus.publish(shops);
  return result;
}

/**
 * Background jobs of the server process (never started by buildApp, so tests run none): the
 * overtime purchase job, the demo carrier, ticket housekeeping. Every instance keeps a timer, and
 * each run goes through runJobOnce, so a job runs on one instance at a time. A run never overlaps
 * this instance's previous one. Answers a function that stops them.
 */
export function startBackgroundJobs(app: FastifyInstance): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const name of Object.keys(JOBS) as JobName[]) {
    const ms = JOBS[name].intervalMs(app);
    if (ms <= 0) continue;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runJobOnce(app, name)
        .then((run) => app.log.debug({ job: name, run }, run.ran ? 'job done' : 'job skipped: running on another instance'))
        .catch((error) => app.log.error({ err: error, job: name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    timers.push(timer);
  }
  return () => timers.forEach((t) => clearInterval(t));
}
