import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerShopId } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { markRead, unreadMessages } from './notification-service.ts';

const updateMsgBody = z.object({ ids: z.array(z.number().int().positive()).max(500) });

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications/unread', { schema: { tags: ['notifications'], summary: 'Unread messages, newest first' } }, async (request) =>
    ok(request, await unreadMessages(app.db, callerShopId(request))),
  );

  r.post(
    '/api/sse/updateMsg',
    { schema: { tags: ['notifications'], summary: 'Mark messages read', body: updateMsgBody } },
    async (request) => ok(request, { updated: await markRead(app.db, callerShopId(request), request.body.ids) }),
  );
}
