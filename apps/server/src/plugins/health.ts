import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '@shopdesk/shared/envelope';
import { healthAnswer, readinessAnswer, type Readiness } from '@shopdesk/shared/system-settings/schemas';
import { AppError } from '../lib/app-error.ts';
import { ok } from '../lib/envelope.ts';
import { errorBody, SERVICE_RETRY_AFTER_S } from './errors.ts';

/** How long the database and Redis each have to answer the readiness check. */
export const READY_TIMEOUT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** True from SIGTERM on (lifecycle.ts): the readiness check fails so a proxy sends no more requests here. */
    stopping: boolean;
  }
}

const tags = ['system'];

/** The readiness figures: the database and Redis (when configured) asked at once, each within a second. */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  const [database, redis] = await Promise.all([app.database.ping(READY_TIMEOUT_MS), app.notifications.bus.ping(READY_TIMEOUT_MS)]);
  const state: Omit<Readiness, 'ready'> = {
    database: database ? 'up' : 'down',
    migrations: app.database.migrated ? 'applied' : 'pending',
    redis: redis === null ? 'off' : redis ? 'up' : 'down',
    stopping: app.stopping,
  };
  return { ready: database && app.database.migrated && redis !== false && !app.stopping, ...state };
}

/**
 * Until this instance has applied or found the migrations (a PostgreSQL server away at start),
 * every API request but the health checks answers 503 with Retry-After; the web app's files are
 * served meanwhile. Registered before every hook that queries (the session check).
 */
export function registerMigrationGate(app: FastifyInstance) {
  app.decorate('stopping', false);
  app.addHook('onRequest', (request, _reply, done) => {
    if (app.database.migrated || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return done();
    done(new AppError('SERVICE_UNAVAILABLE', { retryAfter: SERVICE_RETRY_AFTER_S }));
  });
}

/**
 * `/api/health/live` (the process answers: restart it when this fails), `/api/health/ready` (it can
 * serve: take it out of the proxy while this fails) and the older `/api/health`.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags, summary: 'Liveness and the database kind', response: { 200: envelope(healthAnswer) } } },
    async () => ({ code: 0, msg: 'ok', data: { db: app.database.kind } }),
  );
  r.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process answers; 503 only when its embedded database is lost for good (restart the process)',
        response: { 200: envelope(healthAnswer), 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      if (!app.database.lost) return { code: 0, msg: 'ok', data: { db: app.database.kind } };
      return reply.status(503).send(errorBody(request, 'SERVICE_UNAVAILABLE', { retryAfter: SERVICE_RETRY_AFTER_S }));
    },
  );
  r.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Readiness: the database and Redis (when configured) answer within a second, migrations applied, not stopping; 503 otherwise',
        response: { 200: envelope(readinessAnswer), 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      const state = await readiness(app);
      if (state.ready) return ok(request, state);
      reply.header('retry-after', String(SERVICE_RETRY_AFTER_S));
      return reply.status(503).send(errorBody(request, 'SERVICE_UNAVAILABLE', { retryAfter: SERVICE_RETRY_AFTER_S }, state));
    },
  );
}
