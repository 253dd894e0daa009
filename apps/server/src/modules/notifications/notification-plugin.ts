import type { FastifyInstance } from 'fastify';
import { openEventBus, type EventBus } from '../../lib/event-bus.ts';
import { enterNotifyScope, type NotifyScope } from './notify-scope.ts';
import { StreamHub } from './stream-hub.ts';
import { notificationSource, validSessionIds } from './stream-service.ts';

export interface NotificationRuntime {
  bus: EventBus;
  hub: StreamHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationRuntime;
  }
  interface FastifyRequest {
    notified: NotifyScope | null;
  }
}

/**
 * The live side of notifications for this instance: the event bus (in-process, or Redis with
 * REDIS_URL), the hub of open streams, and the request scope that publishes "shop S (or buyer B) has new rows"
 * once a request's handler is done (its transactions committed). Call before the routes.
 */
export async function registerNotifications(app: FastifyInstance) {
  const bus = await openEventBus({ redisUrl: app.config.redisUrl, log: app.log });
  const hub = new StreamHub(app.db, app.log, app.config.sseHeartbeatMs, (ids) => validSessionIds(app.db, ids), [notificationSource]);
  bus.onShops((shopIds, handoffs) => hub.wake(shopIds, handoffs));
  bus.onResync(() => hub.wakeAll());
  app.decorate('notifications', { bus, hub });

  app.decorateRequest('notified', null);
  // preHandler, not onRequest: the scope must hold for the handler, and body parsing runs in the
  // socket's async context, which would lose a scope entered earlier.
  app.addHook('preHandler', (request, _reply, done) => {
    request.notified = enterNotifyScope(done);
  });
  // A callback hook: no promise per request for a step that is synchronous (and usually finds nothing).
  app.addHook('onResponse', (request, _reply, done) => {
    const noted = request.notified;
    if (noted && noted.shops.size > 0) bus.publish(noted.shops, noted.handoffs.shops);
    if (noted && noted.buyers.size > 0) bus.publishBuyers(noted.buyers, noted.handoffs.buyers);
    done();
  });
  // Open streams would hold app.close() forever: end them first (clients reconnect with Last-Event-ID).
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => bus.close());
}
