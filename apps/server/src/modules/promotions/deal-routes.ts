import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvAnswer, envelope } from '@shopdesk/shared/envelope';
import { dealBody, dealListAnswer, dealParams, dealSaveAnswer, dealsQuery, dealView } from '@shopdesk/shared/marketing/deals';
import { promotionResults, promotionResultsQuery } from '@shopdesk/shared/marketing/promotion-results';
import { voucherMargin } from '@shopdesk/shared/marketing/vouchers';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { resultsFileName } from './results.ts';
import { dealResults, dealResultsCsv } from './deal-results.ts';
import { createDeal, dealDetail, endDeal, listDeals, previewDeal, updateDeal } from './deal-service.ts';

const tags = ['marketing'];

/** The seller's flash deals (marketing permission) under /api/marketing; the mall's side is in storefront/mall-routes.ts. */
export async function dealRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { config: { permission: 'marketing:view' as const } };
  const edit = { config: { permission: 'marketing:edit' as const } };

  r.get('/api/marketing/deals', { ...view, schema: { tags, summary: "The shop's flash deals, newest first, by status (upcoming, running, ended)", querystring: dealsQuery, response: { 200: envelope(dealListAnswer) } } }, async (request) =>
    ok(request, await listDeals(app.db, callerShopId(request), request.query)),
  );

  r.post(
    '/api/marketing/deals/preview',
    { ...view, schema: { tags, summary: "The margin of a deal's terms: the deal price against the product's purchase cost; nothing saved", body: dealBody, response: { 200: envelope(voucherMargin) } } },
    async (request) => ok(request, await previewDeal(app.db, callerShopId(request), request.body)),
  );

  r.post(
    '/api/marketing/deals/create',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a flash deal; a price below the purchase cost needs acceptLoss (DEAL_BELOW_COST, the margin as data) and is refused under "never below cost"; one deal of a product at a time (DEAL_OVERLAP)',
        body: dealBody,
        response: { 200: envelope(dealSaveAnswer) },
      },
    },
    async (request) => ok(request, await createDeal(app.db, callerShopId(request), request.caller!.userId, request.body)),
  );

  r.get('/api/marketing/deals/:id', { ...view, schema: { tags, summary: 'A flash deal of the shop', params: dealParams, response: { 200: envelope(dealView) } } }, async (request) =>
    ok(request, await dealDetail(app.db, callerShopId(request), request.params.id)),
  );

  r.get(
    '/api/marketing/deals/:id/results',
    {
      ...view,
      schema: {
        tags,
        summary: "A flash deal's results over the seller's last 7 or 30 days (tzOffset): orders bought at the deal, buyers, sales, discount given ((normal − deal price) × quantity), profit after it, in total and per day",
        params: dealParams,
        querystring: promotionResultsQuery,
        response: { 200: envelope(promotionResults) },
      },
    },
    async (request) => ok(request, (await dealResults(app.db, callerShopId(request), request.params.id, request.query)).results),
  );

  r.get(
    '/api/marketing/deals/:id/results.csv',
    { ...view, schema: { tags, summary: "The flash deal's results as CSV (the window's total, then one row per day), in the caller's language", params: dealParams, querystring: promotionResultsQuery, response: { 200: csvAnswer } } },
    async (request, reply) => {
      const csv = await dealResultsCsv(app.db, callerShopId(request), request.params.id, request.query, request.lang);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${resultsFileName('deal', request.params.id, request.query.days)}"`).send(csv);
    },
  );

  r.post(
    '/api/marketing/deals/:id/update',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change a flash deal (all its terms); once started it may only become more generous (DEAL_LESS_GENEROUS), once ended not at all (DEAL_ENDED)',
        params: dealParams,
        body: dealBody,
        response: { 200: envelope(dealSaveAnswer) },
      },
    },
    async (request) => ok(request, await updateDeal(app.db, callerShopId(request), request.params.id, request.body)),
  );

  r.post('/api/marketing/deals/:id/end', { ...edit, schema: { tags, summary: 'End a flash deal now (the normal price returns at once)', params: dealParams, response: { 200: envelope(dealView) } } }, async (request) =>
    ok(request, await endDeal(app.db, callerShopId(request), request.params.id)),
  );
}
