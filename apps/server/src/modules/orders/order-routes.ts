import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvAnswer, envelope } from '@shopdesk/shared/envelope';
import {
  orderDetail as orderDetailAnswer,
  orderDetailQuery,
  orderExportQuery,
  orderListAnswer,
  orderListBody,
  orderView,
  purchaseAnswer,
  purchaseOrderBody,
  refundDecisionBody,
  refundListAnswer,
  refundListBody,
} from '@shopdesk/shared/orders/schemas';
import { localizeRows } from '../../lib/batch.ts';
import { ok, sendOkJson } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { exportOrdersCsv, listOrdersJson, orderDetail, refundList } from './order-queries.ts';
import { checkPurchaseRequest, purchaseOrders } from './purchase-service.ts';
import { decideRefund } from './refund-service.ts';

const tags = ['orders'];

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/order/getOrderList', { config: { permission: 'orders:view' }, schema: { tags, summary: 'Orders: status tabs and filters, order ids (several), date range, page', body: orderListBody, response: { 200: envelope(orderListAnswer) } } }, async (request, reply) =>
    sendOkJson(request, reply, await listOrdersJson(app.db, callerShopId(request), request.body)),
  );

  r.get('/api/order/getOrderDetail', { config: { permission: 'orders:view' }, schema: { tags, summary: 'Every field of one order (orderId is the order number)', querystring: orderDetailQuery, response: { 200: envelope(orderDetailAnswer) } } }, async (request) =>
    ok(request, await orderDetail(app.db, callerShopId(request), request.query.orderId, app.config.reviewImageHosts)),
  );

  r.get('/api/order/exportOrders', { config: { permission: 'orders:view' }, schema: { tags, summary: 'The filtered orders as CSV (same filters as getOrderList)', querystring: orderExportQuery, response: { 200: csvAnswer } } }, async (request, reply) => {
    const csv = await exportOrdersCsv(app.db, callerShopId(request), request.query, request.lang);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="orders.csv"').send(csv);
  });

  r.post(
    '/api/order/purchaseOrder',
    { config: { permission: 'orders:edit' }, schema: { tags, summary: 'Buy the stock of one or several orders with the fund password; honours Idempotency-Key', body: purchaseOrderBody, response: { 200: envelope(purchaseAnswer) } } },
    async (request, reply) => {
      const { userId } = request.caller!;
      const shopId = callerShopId(request);
      const { orderIds, fundPassword } = request.body;
      // The fund password is checked before the key is claimed, unless the key already has its answer; it stays out of the stored request hash.
      const answer = await withIdempotency(
        app.db,
        { scope: `purchase:${userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest({ orderIds }) },
        async (db) => {
          const { results, ...totals } = await purchaseOrders(db, { shopId, orderIds, userId });
          return { statusCode: 200, body: ok(request, { results: localizeRows(request, results), ...totals }) };
        },
        () => checkPurchaseRequest(app.db, { shopId, userId, orderIds, fundPassword }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post('/api/order/refundList', { config: { permission: 'refunds:view' }, schema: { tags, summary: 'Refund requests with reason and note, by refund status', body: refundListBody, response: { 200: envelope(refundListAnswer) } } }, async (request) =>
    ok(request, await refundList(app.db, callerShopId(request), request.body)),
  );

  r.post(
    '/api/order/refundDecision',
    { config: { permission: 'refunds:edit' }, schema: { tags, summary: 'Approve or reject a refund request (a reason is required to reject); honours Idempotency-Key', body: refundDecisionBody, response: { 200: envelope(orderView) } } },
    async (request, reply) => {
      const shopId = callerShopId(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `refund:${request.caller!.userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await decideRefund(db, shopId, request.body, request.caller!.userId)) }),
      );
      return sendAnswer(reply, answer);
    },
  );
}
