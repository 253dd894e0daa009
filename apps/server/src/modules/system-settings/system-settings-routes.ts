import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { publicConfig, shopIdQuery, userLevel } from '@shopdesk/shared/system-settings/schemas';
import { assertOwnShop } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { publicSettings, shopVipLevel } from './system-settings-service.ts';

export async function systemSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/systemSettings/getUserLevel',
    { schema: { tags: ['shop'], summary: 'The shop VIP level (0–7)', querystring: shopIdQuery, response: { 200: envelope(userLevel) } } },
    async (request) => ok(request, await shopVipLevel(app.db, assertOwnShop(request, request.query.shopId))),
  );

  r.get(
    '/api/systemSettings/getPublicConfig',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Settings the web app needs before login', response: { 200: envelope(publicConfig) } } },
    async (request) => ok(request, publicSettings(app.config)),
  );
}
