import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryAnswer, csvAnswer, envelope } from '@shopdesk/shared/envelope';
import { accountBalance, financeReportQuery, paymentHistoryQuery, transactionsQuery, walletSummary as walletSummaryAnswer, withdrawBody } from '@shopdesk/shared/wallet/schemas';
import { depositAddress, depositAnswer, financeReport as financeReportAnswer, paymentHistoryAnswer, paymentHistoryLine, transactionsAnswer, withdrawAnswer } from '@shopdesk/shared/wallet/transactions';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { stepUpProofOf } from '../two-factor/step-up.ts';
import { readDepositForm } from './deposit-form.ts';
import { SCREENSHOT_TYPES, sendScreenshot } from './screenshot-file.ts';
import { financeReport, ownPaymentHistoryLine, paymentHistoryCsv, paymentHistoryPage, transactionsCsv, transactionsPage } from './wallet-queries.ts';
import { accountBalances, depositAddresses, ownDeposit, submitDeposit, walletSummary } from './wallet-service.ts';
import { applyWithdrawal, checkWithdrawRequest } from './withdrawal-lifecycle.ts';
import { withMarketplaceSettings } from '../system-settings/marketplace-settings.ts';

export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/wallet/summary', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'Balance, available, frozen and total earnings (cents)', response: { 200: envelope(walletSummaryAnswer) } } }, async (request) =>
    ok(request, await walletSummary(app.db, await withMarketplaceSettings(app.db, app.config), callerShopId(request))),
  );

  r.get('/api/order/getAccountBalance', { config: { permission: 'orders:edit' }, schema: { tags: ['wallet'], summary: 'What is available before a purchase (cents)', response: { 200: envelope(accountBalance) } } }, async (request) =>
    ok(request, await accountBalances(app.db, callerShopId(request))),
  );

  r.get('/api/wallet/depositAddresses', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: "The platform's USDT deposit address per network", response: { 200: envelope(z.array(depositAddress)) } } }, async (request) =>
    ok(request, depositAddresses(await withMarketplaceSettings(app.db, app.config))),
  );

  r.post(
    '/api/wallet/deposit',
    {
      config: { permission: 'wallet:edit', upload: true },
      schema: { tags: ['wallet'], summary: 'Deposit request (multipart: network, amount, screenshot); honours Idempotency-Key', consumes: ['multipart/form-data'], response: { 200: envelope(depositAnswer) } },
    },
    async (request, reply) => {
      const shopId = callerShopId(request);
      const form = await readDepositForm(request);
      const answer = await submitDeposit(app.db, await withMarketplaceSettings(app.db, app.config), { shopId, userId: request.caller!.userId, ...form, idempotencyKey: idempotencyKeyOf(request) }, (deposit) => ({
        statusCode: 200,
        body: ok(request, { id: deposit.id, status: deposit.status, amountCents: deposit.amountCents }),
      }));
      return sendAnswer(reply, answer);
    },
  );

  const idParams = z.object({ id: z.coerce.number().int().positive() });
  r.get('/api/wallet/deposits/:id', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'One deposit request of the shop', params: idParams, response: { 200: envelope(paymentHistoryLine) } } }, async (request) =>
    ok(request, await ownPaymentHistoryLine(app.db, callerShopId(request), 'deposit', request.params.id)),
  );
  r.get('/api/wallet/withdrawals/:id', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'One withdrawal of the shop', params: idParams, response: { 200: envelope(paymentHistoryLine) } } }, async (request) =>
    ok(request, await ownPaymentHistoryLine(app.db, callerShopId(request), 'withdrawal', request.params.id)),
  );

  r.get(
    '/api/wallet/deposits/:id/screenshot',
    { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: "A deposit's payment screenshot (own shop only)", params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: binaryAnswer(Object.values(SCREENSHOT_TYPES).map((t) => t.mime), 'The screenshot image') } } },
    async (request, reply) => sendScreenshot(reply, app.config.uploadsDir, await ownDeposit(app.db, callerShopId(request), request.params.id)),
  );

  r.post(
    '/api/wallet/withdraw',
    { config: { permission: 'wallet:edit' }, schema: { tags: ['wallet'], summary: 'Apply for a USDT withdrawal to a saved address past its cool-down, with the fund password (and the x-step-up proof when the second factor is on); honours Idempotency-Key', body: withdrawBody, response: { 200: envelope(withdrawAnswer) } } },
    async (request, reply) => {
      const { userId } = request.caller!;
      const shopId = callerShopId(request);
      const body = request.body;
      // Every rule and the fund password are checked before the key is claimed, unless the key already has its answer.
      const answer = await withIdempotency(
        app.db,
        { scope: `withdraw:${userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest(body) },
        async (db, checked) => {
          const w = await applyWithdrawal(db, checked);
          return {
            statusCode: 200,
            body: ok(request, { id: w.id, status: w.status, amountCents: w.amountCents, feeCents: w.feeCents, arrivalCents: w.arrivalCents }),
          };
        },
        async () => checkWithdrawRequest(app.db, await withMarketplaceSettings(app.db, app.config), { ...body, shopId, userId, stepUpProof: stepUpProofOf(request.headers) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.get('/api/wallet/transactions', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'Transactions (ledger lines of the available balance), paged', querystring: transactionsQuery, response: { 200: envelope(transactionsAnswer) } } }, async (request) =>
    ok(request, await transactionsPage(app.db, callerShopId(request), request.query)),
  );

  r.get('/api/wallet/transactions/export', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'Transactions as CSV (filtered)', querystring: transactionsQuery, response: { 200: csvAnswer } } }, async (request, reply) => {
    const csv = await transactionsCsv(app.db, callerShopId(request), request.query, request.lang);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="funding-records.csv"').send(csv);
  });

  r.get('/api/wallet/paymentHistory', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'Payment history (deposit and withdrawal requests), paged', querystring: paymentHistoryQuery, response: { 200: envelope(paymentHistoryAnswer) } } }, async (request) =>
    ok(request, await paymentHistoryPage(app.db, callerShopId(request), request.query)),
  );

  r.get('/api/wallet/paymentHistory/export', { config: { permission: 'wallet:view' }, schema: { tags: ['wallet'], summary: 'Payment history (deposit and withdrawal requests) as CSV', querystring: paymentHistoryQuery, response: { 200: csvAnswer } } }, async (request, reply) => {
    const csv = await paymentHistoryCsv(app.db, callerShopId(request), request.query, request.lang);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="deposit-withdrawal-records.csv"').send(csv);
  });

  r.get('/api/finance/report', { config: { permission: 'reports:view' }, schema: { tags: ['wallet'], summary: 'Income, spending, fees and profit per day (cents)', querystring: financeReportQuery, response: { 200: envelope(financeReportAnswer) } } }, async (request) =>
    ok(request, await financeReport(app.db, callerShopId(request), request.query)),
  );
}
