import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shops } from '../../db/schema.ts';
import { assertOwnShop } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { shopIdQuery } from '../orders/order-count-routes.ts';

export async function systemSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/systemSettings/getUserLevel',
    { schema: { tags: ['shop'], summary: 'The shop VIP level (0–7)', querystring: shopIdQuery } },
    async (request) => {
      const shopId = assertOwnShop(request, request.query.shopId);
      const [shop] = await app.db.select({ level: shops.vipLevel }).from(shops).where(eq(shops.id, shopId));
      return ok(request, { level: shop?.level ?? 0 });
    },
  );

  r.get(
    '/api/systemSettings/getPublicConfig',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Settings the web app needs before login' } },
    async (request) => ok(request, { customerServiceUrl: app.config.customerServiceUrl, siteName: 'ShopDesk' }),
  );
}
