import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { OpsRole } from '@shopdesk/shared/ops/operators';
import { allows, type Permission } from '@shopdesk/shared/users/permission-rules';
import { AppError } from '../lib/app-error.ts';
import type { Caller } from '../modules/auth/caller.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import { onSessionsEnded, refreshSessions, resolveSession } from '../modules/auth/session-service.ts';
import { permissionDenied } from '../modules/users/permission-service.ts';
import { newBuyerSessionCache, onBuyerSessionsEnded, refreshBuyerSessions, type BuyerSessionCache } from '../modules/storefront/buyer-auth.ts';

/** Who may call a route. Every /api route is 'seller' unless it says otherwise. */
export type Access = 'public' | 'seller' | 'operator' | 'buyer' | 'carrier';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * What a seller route needs of the caller's role (docs/decisions.md, "Staff roles and
     * permissions"): an area at view or edit, or 'member' for any member of the shop. Every seller
     * route must say it: registering one without it fails at start. It is published as
     * `x-permission` in the API document, and checked in onRequest before the body is read.
     */
    permission?: Permission;
    /**
     * The operator roles an `operator` route allows (docs/decisions.md, "Operator roles"). Every
     * operator route must say it: registering one without it fails at start, so no route is left
     * open to every role by omission. It is published as `x-ops-roles` in the API document.
     */
    opsRoles?: readonly OpsRole[];
    /**
     * A seller route a member may call while their shop requires the second factor they have not
     * turned on yet (docs/decisions.md, "Required second factor"): who they are, signing out, and
     * the enrolment itself. Every other seller route answers TWO_FACTOR_REQUIRED until they enrol.
     */
    duringEnrolment?: true;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Recently looked-up sessions (modules/auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** Recently looked-up mall buyer sessions, kept and read again as sellers' are. */
    buyerSessionCache: BuyerSessionCache;
  }
}

/** The caller's shop id; sellers always have one. */
export function callerShopId(request: FastifyRequest): number {
  const shopId = request.caller?.shopId;
  if (!shopId) throw new AppError('FORBIDDEN');
  return shopId;
}

/**
 * A route that takes `shopId` as the spec shows answers 404 for any shop but the caller's
 * (DESIGN §4: another shop's object is "not found").
 */
export function assertOwnShop(request: FastifyRequest, shopId: number | undefined): number {
  const own = callerShopId(request);
  if (shopId !== undefined && shopId !== own) throw new AppError('NOT_FOUND');
  return own;
}

/** API routes are seller-only unless they say otherwise; docs and the web app are public. */
function defaultAccess(url: string): Access {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'seller' : 'public';
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('caller', null);
  const cache = new SessionCache(app.config.sessionCacheMax, app.config.sessionCacheMs);
  app.decorate('sessionCache', cache);
  const buyerCache = newBuyerSessionCache(app.config.sessionCacheMax, app.config.sessionCacheMs);
  app.decorate('buyerSessionCache', buyerCache);
  onBuyerSessionsEnded(app.db, (revocation) => buyerCache.forget(revocation));
  // Sessions ended here are dropped at once and announced to the other instances; theirs arrive
  // through the event bus (opened by the notifications plugin, registered after this one).
  onSessionsEnded(app.db, (revocation) => {
    cache.forget(revocation);
    app.notifications.bus.publishSessionsEnded(revocation);
  });
  app.addHook('onReady', async () => app.notifications.bus.onSessionsEnded((revocation) => cache.forget(revocation)));
  // The sessions in use are read again together four times per freshness period (slack for a slow
  // read or a busy loop before an entry goes stale), so they never go stale while used (one query
  // instead of a lookup per request), and what the database says reaches the cache within the
  // freshness even when a bus message is lost.
  if (cache.ttlMs > 0 && cache.maxEntries > 0) {
    let timer: NodeJS.Timeout | null = null;
    let running = false;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running || (cache.size === 0 && buyerCache.size === 0)) return;
        running = true;
        Promise.all([cache.size > 0 && refreshSessions(app.db, cache), buyerCache.size > 0 && refreshBuyerSessions(app.db, buyerCache)])
          .catch((error: unknown) => app.log.debug({ err: error }, 'session refresh failed (the entries go stale: their next requests look them up)'))
          .finally(() => (running = false));
      }, Math.max(50, Math.floor(cache.ttlMs / 4)));
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? defaultAccess(route.url) };
    if (route.config.access === 'operator' && !route.config.opsRoles?.length) throw new Error(`${String(route.method)} ${route.url}: an operator route must name its opsRoles`);
    if (route.config.access === 'seller' && !route.config.permission) throw new Error(`${String(route.method)} ${route.url}: a seller route must name its permission`);
  });
  // onRequest, not preHandler: the role is checked before the body and params are parsed and
  // validated, so a seller (or nobody) calling an operator route gets 403/401, never a 400 that
  // describes the route's schema, and anonymous bodies are not parsed at all. A callback hook: a
  // session answered from the cache is checked without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // An address no route serves is "not found" for everybody: a 401 there would read as "login
    // expired" and end a buyer's (or a seller's) session over a typo. The routes are public anyway
    // (/api/docs), so the 404 tells a prober nothing.
    if (request.is404) return done();
    // routeOptions builds a new object at each read: read it once.
    const config = request.routeOptions.config;
    const access = config?.access ?? defaultAccess(request.url);
    if (access === 'public' || access === 'buyer' || access === 'carrier') return done();
    const header = request.headers.authtoken;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return done(new AppError('UNAUTHORIZED'));
    const found = resolveSession(app.db, token, cache);
    if (!(found instanceof Promise)) return done(admit(request, found, access, config));
    found.then((caller) => done(admit(request, caller, access, config)), done);
  });
}

/** Whether `caller` may call the route (`config`, needing `access`): the refusal, or undefined; sets request.caller. */
function admit(request: FastifyRequest, caller: Caller | null, access: Access, config: FastifyContextConfig | undefined): AppError | undefined {
  if (!caller) return new AppError('UNAUTHORIZED');
  request.caller = caller;
  if (caller.role !== access) return new AppError('FORBIDDEN');
  if (access === 'seller') {
    if (caller.mustEnrolSecondFactor && !config?.duringEnrolment) return new AppError('TWO_FACTOR_REQUIRED');
    const permission = config?.permission ?? 'users:edit';
    if (!allows(caller.permissions, permission)) return permissionDenied(permission);
  }
  if (access === 'operator' && !(caller.opsRole && config?.opsRoles?.includes(caller.opsRole))) return new AppError('FORBIDDEN');
  return undefined;
}
