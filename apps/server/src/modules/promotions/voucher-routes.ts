import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvAnswer, envelope } from '@shopdesk/shared/envelope';
import { promotionResults, promotionResultsQuery } from '@shopdesk/shared/marketing/promotion-results';
import {
  promotionSettings,
  voucherBody,
  voucherListAnswer,
  voucherMargin,
  voucherParams,
  voucherSaveAnswer,
  vouchersQuery,
  voucherView,
} from '@shopdesk/shared/marketing/vouchers';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { resultsFileName } from './results.ts';
import { voucherResults, voucherResultsCsv } from './voucher-results.ts';
import { createVoucher, endVoucher, listVouchers, previewVoucher, promotionSettingsOf, savePromotionSettings, updateVoucher, voucherDetail } from './voucher-service.ts';

const tags = ['marketing'];

/** The seller's vouchers (marketing permission) under /api/marketing; the mall's side is in storefront/mall-routes.ts. */
export async function voucherRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { config: { permission: 'marketing:view' as const } };
  const edit = { config: { permission: 'marketing:edit' as const } };

  r.get('/api/marketing/vouchers', { ...view, schema: { tags, summary: "The shop's vouchers, newest first, by status (upcoming, running, ended)", querystring: vouchersQuery, response: { 200: envelope(voucherListAnswer) } } }, async (request) =>
    ok(request, await listVouchers(app.db, callerShopId(request), request.query)),
  );

  r.post(
    '/api/marketing/vouchers/preview',
    { ...view, schema: { tags, summary: "The margin of a voucher's terms: each product's lowest price with it against its purchase cost; nothing saved", body: voucherBody, response: { 200: envelope(voucherMargin) } } },
    async (request) => ok(request, await previewVoucher(app.db, callerShopId(request), request.body)),
  );

  r.post(
    '/api/marketing/vouchers/create',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a voucher; selling a product below its purchase cost needs acceptLoss (VOUCHER_BELOW_COST, the margin as data) and is refused under "never below cost"',
        body: voucherBody,
        response: { 200: envelope(voucherSaveAnswer) },
      },
    },
    async (request) => ok(request, await createVoucher(app.db, callerShopId(request), request.caller!.userId, request.body)),
  );

  r.get('/api/marketing/vouchers/:id', { ...view, schema: { tags, summary: 'A voucher of the shop', params: voucherParams, response: { 200: envelope(voucherView) } } }, async (request) =>
    ok(request, await voucherDetail(app.db, callerShopId(request), request.params.id)),
  );

  r.get(
    '/api/marketing/vouchers/:id/results',
    {
      ...view,
      schema: {
        tags,
        summary: "A voucher's results over the seller's last 7 or 30 days (tzOffset): orders, buyers, sales, discount given, profit after it, in total and per day",
        params: voucherParams,
        querystring: promotionResultsQuery,
        response: { 200: envelope(promotionResults) },
      },
    },
    async (request) => ok(request, (await voucherResults(app.db, callerShopId(request), request.params.id, request.query)).results),
  );

  r.get(
    '/api/marketing/vouchers/:id/results.csv',
    { ...view, schema: { tags, summary: "The voucher's results as CSV (the window's total, then one row per day), in the caller's language", params: voucherParams, querystring: promotionResultsQuery, response: { 200: csvAnswer } } },
    async (request, reply) => {
      const csv = await voucherResultsCsv(app.db, callerShopId(request), request.params.id, request.query, request.lang);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${resultsFileName('voucher', request.params.id, request.query.days)}"`).send(csv);
    },
  );

  r.post(
    '/api/marketing/vouchers/:id/update',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change a voucher (all its terms); once started it may only become more generous (VOUCHER_LESS_GENEROUS), once ended not at all (VOUCHER_ENDED)',
        params: voucherParams,
        body: voucherBody,
        response: { 200: envelope(voucherSaveAnswer) },
      },
    },
    async (request) => ok(request, await updateVoucher(app.db, callerShopId(request), request.caller!.userId, request.params.id, request.body)),
  );

  r.post('/api/marketing/vouchers/:id/end', { ...edit, schema: { tags, summary: 'End a voucher now (claims stay, no new use)', params: voucherParams, response: { 200: envelope(voucherView) } } }, async (request) =>
    ok(request, await endVoucher(app.db, callerShopId(request), request.caller!.userId, request.params.id)),
  );

  r.get('/api/marketing/promotionSettings', { ...view, schema: { tags, summary: 'The shop\'s promotion settings ("never below cost")', response: { 200: envelope(promotionSettings) } } }, async (request) =>
    ok(request, await promotionSettingsOf(app.db, callerShopId(request))),
  );

  r.post(
    '/api/marketing/promotionSettings',
    { ...edit, schema: { tags, summary: 'Save the promotion settings ("never below cost" refuses any promotion selling below the purchase cost)', body: promotionSettings, response: { 200: envelope(promotionSettings) } } },
    async (request) => ok(request, await savePromotionSettings(app.db, callerShopId(request), request.body)),
  );
}
