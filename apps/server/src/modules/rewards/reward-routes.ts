import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { activitiesAnswer, coupleApplyAnswer, coupleApplyBody, coupleRespondAnswer, coupleRespondBody } from '@shopdesk/shared/marketing/rewards-schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { applyForCouple, respondToCouple } from './couple-service.ts';
import { activitiesOf } from './reward-service.ts';

const tags = ['marketing'];

/** The activity centre and couple linking. Claims are POST /api/systemSettings/getReward. */
export async function rewardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/marketing/activities',
    { config: { permission: 'marketing:view' }, schema: { tags, summary: 'Shop upgrade (VIP) and couple activities: every tier with its state, progress, the couple link and requests', response: { 200: envelope(activitiesAnswer) } } },
    async (request) => ok(request, await activitiesOf(app.db, callerShopId(request))),
  );

  r.post(
    '/api/marketing/couple/apply',
    { config: { permission: 'marketing:edit' }, schema: { tags, summary: "Ask another shop (by its shop id) to link; asking back a shop that asked first links at once", body: coupleApplyBody, response: { 200: envelope(coupleApplyAnswer) } } },
    async (request) => ok(request, await applyForCouple(app.db, app.config.coupleRewardBasis, callerShopId(request), request.body.shopId)),
  );

  r.post(
    '/api/marketing/couple/respond',
    { config: { permission: 'marketing:edit' }, schema: { tags, summary: 'The asked shop agrees to or declines a couple request', body: coupleRespondBody, response: { 200: envelope(coupleRespondAnswer) } } },
    async (request) => ok(request, await respondToCouple(app.db, app.config.coupleRewardBasis, callerShopId(request), request.body.requestId, request.body.accept)),
  );
}
