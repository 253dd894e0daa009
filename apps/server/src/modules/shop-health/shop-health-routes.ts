import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopHealthHistoryAnswer, shopHealthHistoryQuery, shopHealthSummary as summaryAnswer } from '@shopdesk/shared/dashboard/schemas';
import { envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { creditHistory, shopHealthSummary } from './shop-health-service.ts';

const tags = ['shop health'];

export async function shopHealthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/shopHealth/summary', { config: { permission: 'member' }, schema: { tags, summary: 'The credit score, its band against the 60 and 80 thresholds, overdue orders about to cost points', response: { 200: envelope(summaryAnswer) } } }, async (request) =>
    ok(request, await shopHealthSummary(app.db, callerShopId(request))),
  );

  r.get('/api/shopHealth/history', { config: { permission: 'member' }, schema: { tags, summary: 'Every credit score change with its reason, newest first', querystring: shopHealthHistoryQuery, response: { 200: envelope(shopHealthHistoryAnswer) } } }, async (request) =>
    ok(request, await creditHistory(app.db, callerShopId(request), request.query)),
  );
}
