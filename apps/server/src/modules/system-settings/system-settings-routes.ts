import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { claimRewardAnswer, claimRewardBody } from '@shopdesk/shared/marketing/rewards-schemas';
import { publicConfig, shopIdQuery, userLevel } from '@shopdesk/shared/system-settings/schemas';
import { assertOwnShop, callerShopId } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { claimReward } from '../rewards/reward-service.ts';
import { publicSettings, shopVipLevel } from './system-settings-service.ts';
import { withMarketplaceSettings } from './marketplace-settings.ts';

export async function systemSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/systemSettings/getUserLevel',
    { config: { permission: 'member' }, schema: { tags: ['shop'], summary: 'The shop VIP level (0–7), its cumulative top-up and the next level', querystring: shopIdQuery, response: { 200: envelope(userLevel) } } },
    async (request) => ok(request, await shopVipLevel(app.db, assertOwnShop(request, request.query.shopId))),
  );

  r.post(
    '/api/systemSettings/getReward',
    {
      config: { permission: 'marketing:edit' }, schema: {
        tags: ['marketing'],
        summary: 'Receive a reached bonus (shop upgrade or couple tier) into the available balance, once; honours Idempotency-Key',
        body: claimRewardBody,
        response: { 200: envelope(claimRewardAnswer) },
      },
    },
    async (request, reply) => {
      const shopId = callerShopId(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `reward:${request.caller!.userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await claimReward(db, shopId, request.body)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.get(
    '/api/systemSettings/getPublicConfig',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Settings the web app needs before login', response: { 200: envelope(publicConfig) } } },
    async (request) => ok(request, publicSettings(await withMarketplaceSettings(app.db, app.config))),
  );
}
