import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores a file the caller sent: it also counts against the upload limit (per user and per shop). */
    upload?: true;
  }
}

/** The session a request claims (seller or buyer token), hashed: the token itself never becomes a store key. */
function sessionKey(request: FastifyRequest): string | null {
  const header = request.headers.authtoken ?? request.headers.buyertoken;
  const token = Array.isArray(header) ? header[0] : header;
  return token ? `s:${createHash('sha256').update(token).digest('base64url')}` : null;
}

/**
 * Counters in this process (one instance, no REDIS_URL). The plugin's own LocalStore answers every
 * caller with the same mutable object, so in a parallel burst all of them read the last count and
 * every request is refused; this one answers each increment with its own figures.
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, { current: number; resetAt: number }>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
    const now = Date.now();
    if (this.counts.size >= 50_000) for (const [k, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(k);
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { current: 0, resetAt: now + timeWindow };
      this.counts.set(key, entry);
    }
    entry.current += 1;
    callback(null, { current: entry.current, ttl: entry.resetAt - now });
  }

  /** One map for every limiter: their keys differ (`a:` addresses, `s:` sessions). */
  child() {
    return this;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the rate-limit counters' Redis connection is ready; null without one (no REDIS_URL, or no limit on). */
    rateLimitRedisUp(): boolean | null;
  }
}

/**
 * The general rate limit (DESIGN §4: 429), on every `/api` request but the health check: at most
 * `rateLimitPerAddress` requests per window from one address, and `rateLimitPerSession` per
 * session token; 0 turns a limit off. Counters live in Redis when REDIS_URL is set, so every
 * instance counts the same requests, else in this process. Over the limit: 429 `RATE_LIMITED`,
 * localized with the wait, and Retry-After. It runs before the session lookup, so floods of
 * guessed tokens are cut off too. Secret checks have their own, stricter throttle
 * (modules/auth/login-throttle.ts).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { rateLimitWindowMs: timeWindow, rateLimitPerAddress, rateLimitPerSession, uploadLimits, redisUrl, rateLimitNamespace } = app.config;
  const uploadsLimited = uploadLimits.perUser > 0 || uploadLimits.perShop > 0;
  const on = rateLimitPerAddress > 0 || rateLimitPerSession > 0 || uploadsLimited;
  const redis = on && redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 }) : null;
  // While it is down requests pass unlimited: the metrics show it (shopdesk_redis_up{connection="rate_limit"}).
  app.decorate('rateLimitRedisUp', () => (redis ? redis.status === 'ready' : null));
  if (!on) return;
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store: redis error (requests pass unlimited meanwhile)'));
  if (redis) {
    // Requests are not queued while Redis connects (they would pass uncounted): wait for it at start, briefly.
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      const timer = new AbortController();
      await Promise.race([once(redis, 'ready').catch(() => undefined), setTimeout(2000, undefined, { signal: timer.signal }).catch(() => undefined)]);
      timer.abort();
    });
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow,
    // A store that fails must not take the API down with it: the request passes (and is logged above).
    skipOnError: true,
    nameSpace: rateLimitNamespace,
    ...(redis ? { redis } : { store: MemoryStore }),
  });
  const byAddress = rateLimitPerAddress > 0 ? app.createRateLimit({ max: rateLimitPerAddress, keyGenerator: (request) => `a:${request.ip}` }) : null;
  const bySession = rateLimitPerSession > 0 ? app.createRateLimit({ max: rateLimitPerSession, keyGenerator: (request) => sessionKey(request) ?? '' }) : null;

  const refuseOver = async (reply: FastifyReply, checks: (ReturnType<NonNullable<typeof byAddress>> | null)[]) => {
    for (const limit of await Promise.all(checks)) {
      if (!limit || limit.isAllowed || !limit.isExceeded) continue;
      const retryAfter = Math.max(1, limit.ttlInSeconds);
      reply.header('x-ratelimit-limit', limit.max);
      throw new AppError('RATE_LIMITED', { retryAfter });
    }
  };

  // No hook at all when both general limits are off (a request would only pass through it).
  if (byAddress || bySession) {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
      await refuseOver(reply, [byAddress ? byAddress(request) : null, bySession && sessionKey(request) ? bySession(request) : null]);
    });
  }

  if (!uploadsLimited) return;
  // Each stored upload costs disk, so a user and a shop may send only a few per window, whatever
  // the general limit allows. Counted once the session is known (after plugins/auth.ts) and before
  // the body is read, so a refused file is never buffered or written.
  const uploadLimit = (max: number, key: (request: FastifyRequest) => string) => (max > 0 ? app.createRateLimit({ max, timeWindow: uploadLimits.windowMs, keyGenerator: key }) : null);
  const byUser = uploadLimit(uploadLimits.perUser, (request) => `upload-user:${request.caller?.userId ?? request.ip}`);
  const byShop = uploadLimit(uploadLimits.perShop, (request) => `upload-shop:${request.caller?.shopId ?? request.ip}`);
  // Only on the routes that store uploads, not a hook that every other request passes through.
  const uploadCheck = async (request: FastifyRequest, reply: FastifyReply) => refuseOver(reply, [byUser ? byUser(request) : null, byShop ? byShop(request) : null]);
  app.addHook('onRoute', (route) => {
    if (!route.config?.upload) return;
    route.preHandler = [uploadCheck, ...(route.preHandler ? [route.preHandler].flat() : [])];
  });
}
