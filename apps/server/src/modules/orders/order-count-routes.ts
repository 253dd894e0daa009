import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { purchaseCountAnswer } from '@shopdesk/shared/orders/schemas';
import { shopIdQuery } from '@shopdesk/shared/system-settings/schemas';
import { assertOwnShop } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { pendingPurchaseCount } from './order-count-service.ts';

export async function orderCountRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/order/getPurchaseOrderCount',
    { config: { permission: 'orders:view' }, schema: { tags: ['orders'], summary: 'Orders waiting for purchase', querystring: shopIdQuery, response: { 200: envelope(purchaseCountAnswer) } } },
    async (request) => ok(request, await pendingPurchaseCount(app.db, assertOwnShop(request, request.query.shopId))),
  );
}
