import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityListAnswer, activityListBody } from '@shopdesk/shared/activity-log/schemas';
import { envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { listActivity } from './activity-log-service.ts';

export async function activityLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/activityLog/list', { config: { permission: 'users:view' }, schema: { tags: ['activity log'], summary: 'Who did what in the shop: filter by action, user and day range, newest first', body: activityListBody, response: { 200: envelope(activityListAnswer) } } }, async (request) =>
    ok(request, await listActivity(app.db, callerShopId(request), request.body)),
  );
}
