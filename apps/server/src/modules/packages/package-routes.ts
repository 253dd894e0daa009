import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvAnswer, envelope } from '@shopdesk/shared/envelope';
import { buyPackageAnswer, buyPackageBody, packagesAnswer, purchaseHistoryAnswer, purchaseHistoryQuery } from '@shopdesk/shared/marketing/packages-schemas';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { buyPackage, checkPackageFundPassword, packageOffers, purchaseHistory, purchaseHistoryCsv } from './package-service.ts';

const tags = ['marketing'];

export async function packageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/marketing/packages',
    { config: { permission: 'marketing:view' }, schema: { tags, summary: 'Promotion packages: the table, the active package, the balance, and what buying each one does now', response: { 200: envelope(packagesAnswer) } } },
    async (request) => ok(request, await packageOffers(app.db, callerShopId(request))),
  );

  r.post(
    '/api/marketing/buyPackage',
    { config: { permission: 'marketing:edit' }, schema: { tags, summary: 'Buy a promotion package with the fund password (extend, upgrade or new); honours Idempotency-Key', body: buyPackageBody, response: { 200: envelope(buyPackageAnswer) } } },
    async (request, reply) => {
      const { userId } = request.caller!;
      const shopId = callerShopId(request);
      const { type, fundPassword } = request.body;
      // Checked before the key is claimed, unless the key already has its answer; it stays out of the stored request hash.
      const answer = await withIdempotency(
        app.db,
        { scope: `package:${userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest({ type }) },
        async (db) => ({ statusCode: 200, body: ok(request, await buyPackage(db, shopId, type)) }),
        () => checkPackageFundPassword(app.db, userId, fundPassword),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post(
    '/api/marketing/purchaseHistory',
    { config: { permission: 'marketing:view' }, schema: { tags, summary: 'Package purchase records: type, status, purchase date range, page', body: purchaseHistoryQuery, response: { 200: envelope(purchaseHistoryAnswer) } } },
    async (request) => ok(request, await purchaseHistory(app.db, callerShopId(request), request.body)),
  );

  r.get('/api/marketing/purchaseHistory/export', { config: { permission: 'marketing:view' }, schema: { tags, summary: 'Package purchase records as CSV (same filters)', querystring: purchaseHistoryQuery, response: { 200: csvAnswer } } }, async (request, reply) => {
    const csv = await purchaseHistoryCsv(app.db, callerShopId(request), request.query, request.lang);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="package-purchases.csv"').send(csv);
  });
}
