import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import type { BackgroundJobs } from './jobs.ts';

/** How long the database may take to close once nothing uses it. */
const DATABASE_CLOSE_MS = 3000;
/** How often connections that went idle after their last answer are closed while stopping. */
const IDLE_SWEEP_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * While the instance stops, every answer says `Connection: close`: a client on a kept-alive
 * connection gets the answer to what it sent, then opens a new connection, which the proxy sends to
 * another instance (this one no longer listens). Registered by buildApp.
 */
export function registerStoppingAnswers(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface StopPlan {
  app: FastifyInstance;
  database: Database;
  jobs: BackgroundJobs | null;
  /** How long requests and jobs in flight may take to finish (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long to keep serving while not ready before stopping to listen (SHUTDOWN_DELAY_MS). */
  delayMs: number;
}

/**
 * The graceful stop of SIGTERM: report not-ready (a proxy takes the instance out), keep serving for
 * `delayMs`, then stop listening, end the notification streams (clients reconnect elsewhere with
 * Last-Event-ID), start no new job run, and wait up to `timeoutMs` for the requests and job runs in
 * flight. What is still running at the deadline is cut: its database transaction never commits (the
 * server rolls it back when the connection goes; PGlite's recovery does at the next start), so a money
 * request is either applied with its idempotency record or not at all, and its retry does it once.
 * Then the database closes. Answers the exit code: 0 when everything ended by itself, 1 when the
 * deadline cut something.
 */
export async function stopGracefully(plan: StopPlan): Promise<number> {
  const { app, database, jobs } = plan;
  app.stopping = true;
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  const deadline = Date.now() + plan.timeoutMs;
  // Node closes the connections idle when the server stops listening; the ones busy then become
  // idle after their answer and would otherwise stay open until the keep-alive timeout.
  const server = app.server as Server;
  const sweep = typeof server.closeIdleConnections === 'function' ? setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS) : null;
  const finished = await Promise.race([
    Promise.all([app.close(), jobs?.stop()]).then(() => true),
    sleep(Math.max(0, deadline - Date.now())).then(() => false),
  ]);
  if (sweep) clearInterval(sweep);
  if (!finished) {
    app.log.warn(`stop: requests or jobs still running after ${plan.timeoutMs} ms; ending them (their transactions roll back)`);
    if (typeof server.closeAllConnections === 'function') server.closeAllConnections();
  }
  const closed = await Promise.race([database.close().then(() => true), sleep(DATABASE_CLOSE_MS).then(() => false)]).catch(() => false);
  if (!closed) app.log.warn('stop: the database did not close in time');
  return finished && closed ? 0 : 1;
}
