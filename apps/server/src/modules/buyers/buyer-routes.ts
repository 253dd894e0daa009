import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody } from '@shopdesk/shared/auth/schemas';
import { REVIEWS } from '@shopdesk/shared/constants';
import { envelope } from '@shopdesk/shared/envelope';
import { buyerLoginAnswer, buyerOrderView, buyerRefundBody, checkoutBody, orderIdBody, reviewBody, reviewCreatedAnswer } from '@shopdesk/shared/orders/schemas';
import { pageFields } from '@shopdesk/shared/validation';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { buyerLogin, requireBuyer } from './buyer-auth.ts';
import { buyerOrders, cancelOrder, checkout, requestRefund, reviewOrder } from './buyer-service.ts';
import { buyerProductParams, buyerProductView } from '@shopdesk/shared/dashboard/schemas';
import { viewProduct } from '../dashboard/product-view-service.ts';

const tags = ['buyer'];

/**
 * The buyer API (the mall's pages come later; tests and the demo use it now). Buyer routes say
 * `access: 'buyer'`, which the seller auth plugin lets through, and check the `buyerToken`
 * header themselves.
 */
export async function buyerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('buyer', null);
  const buyerOnly = { config: { access: 'buyer' as const }, onRequest: requireBuyer(app.db) };
  const buyerId = (request: { buyer: { buyerId: number } | null }) => request.buyer!.buyerId;

  r.post(
    '/api/buyer/login',
    { config: { access: 'public' }, schema: { tags, summary: 'Buyer login (password base64); answers a buyerToken', body: loginBody, response: { 200: envelope(buyerLoginAnswer) } } },
    async (request) => ok(request, await buyerLogin(app.db, app.config, { ...request.body, ip: request.ip })),
  );

  r.post(
    '/api/buyer/checkout',
    { ...buyerOnly, schema: { tags, summary: "Order a shop's on-sale product; pays into escrow; honours Idempotency-Key", body: checkoutBody, response: { 200: envelope(buyerOrderView) } } },
    async (request, reply) => {
      const id = buyerId(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `checkout:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await checkout(db, app.config, id, request.body)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post(
    '/api/buyer/cancel',
    { ...buyerOnly, schema: { tags, summary: 'Cancel before the seller purchased: the payment back from escrow; honours Idempotency-Key', body: orderIdBody, response: { 200: envelope(buyerOrderView) } } },
    async (request, reply) => {
      const id = buyerId(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `cancel:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await cancelOrder(db, id, request.body.orderId)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post('/api/buyer/refund', { ...buyerOnly, schema: { tags, summary: 'Ask for a refund with a reason and a note', body: buyerRefundBody, response: { 200: envelope(buyerOrderView) } } }, async (request) =>
    ok(request, await requestRefund(app.db, buyerId(request), request.body)),
  );

  r.post(
    '/api/buyer/review',
    // Six small pictures as data URLs may exceed the 1 MB default body limit.
    { ...buyerOnly, bodyLimit: REVIEWS.IMAGES_MAX * REVIEWS.IMAGE_MAX_CHARS + 64 * 1024, schema: { tags, summary: 'Review a signed order once (1–5 stars, up to 6 images)', body: reviewBody, response: { 200: envelope(reviewCreatedAnswer) } } },
    async (request) => ok(request, await reviewOrder(app.db, buyerId(request), request.body)),
  );

  // The product page: the buyerToken is optional here (the mall shows products before login), so
  // no requireBuyer; each opening counts a view, deduped per viewer (buyer, visitor id or IP).
  r.get(
    '/api/buyer/products/:id',
    { config: { access: 'buyer' }, schema: { tags, summary: 'A product page (buyerToken optional, or an x-visitor-id header); counts a view, one per viewer per 30 minutes', params: buyerProductParams, response: { 200: envelope(buyerProductView) } } },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      return ok(request, await viewProduct(app.db, request.params.id, { buyerToken: header('buyertoken'), visitorId: header('x-visitor-id'), ip: request.ip }));
    },
  );

  r.get('/api/buyer/orders', { ...buyerOnly, schema: { tags, summary: "The buyer's own orders", querystring: z.object(pageFields), response: { 200: envelope(z.array(buyerOrderView)) } } }, async (request) =>
    ok(request, await buyerOrders(app.db, buyerId(request), request.query.page, request.query.pageSize)),
  );
}
