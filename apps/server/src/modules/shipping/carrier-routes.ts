import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { carrierUpdateAnswer, carrierUpdateBody } from '@shopdesk/shared/orders/schemas';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { advanceShipping, carrierKeyMatches } from './carrier-service.ts';

/**
 * POST /api/carrier/update: a platform credential (header `x-carrier-key` = CARRIER_KEY), not a
 * seller's session. The seller auth plugin lets `access: 'carrier'` through; this checks the key.
 */
export async function carrierRoutes(app: FastifyInstance) {
  const requireCarrier = async (request: FastifyRequest) => {
    const header = request.headers['x-carrier-key'];
    if (!carrierKeyMatches(app.config.carrierKey, Array.isArray(header) ? header[0] : header)) throw new AppError('UNAUTHORIZED');
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/carrier/update',
    {
      config: { access: 'carrier' },
      onRequest: requireCarrier,
      schema: { tags: ['carrier'], summary: 'Carrier moves a purchased order: in_transit, then signed (settles)', body: carrierUpdateBody, response: { 200: envelope(carrierUpdateAnswer) } },
    },
    async (request) => ok(request, await advanceShipping(app.db, request.body.orderId, request.body.status)),
  );
}
