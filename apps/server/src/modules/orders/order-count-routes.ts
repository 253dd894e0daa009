import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnShop } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { pendingPurchaseCount } from './order-count-service.ts';

export const shopIdQuery = z.object({ shopId: z.coerce.number().int().positive().optional() });

export async function orderCountRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/order/getPurchaseOrderCount',
    { schema: { tags: ['orders'], summary: 'Orders waiting for purchase', querystring: shopIdQuery } },
    async (request) => ok(request, await pendingPurchaseCount(app.db, assertOwnShop(request, request.query.shopId))),
  );
}
