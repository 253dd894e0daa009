import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOP } from '@shopdesk/shared/constants';
import { binaryAnswer, envelope } from '@shopdesk/shared/envelope';
import {
  auditRow,
  demoCarrierAnswer,
  DEPOSIT_STATUSES,
  depositRow,
  overtimeJobAnswer,
  PAYOUT_TX_HASH,
  reconcileReport,
  shopRow,
  WITHDRAWAL_STATUSES,
  withdrawalRow,
} from '@shopdesk/shared/wallet/schemas';
import { opsPackageRow, opsPackagesQuery } from '@shopdesk/shared/marketing/packages-schemas';
import { opsCoupleRow, opsCouplesQuery, opsRewardsAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { buyerDepositRow } from '@shopdesk/shared/mall/schemas';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { buyerDepositById, buyerDepositsByStatus, decideBuyerDeposit } from '../storefront/buyer-deposits.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { reconcile } from '../ledger/reconcile.ts';
import { penalizeOverdueOrders } from '../orders/overtime-job.ts';
import { packagesSold } from '../packages/package-service.ts';
import { couplesForOps } from '../rewards/couple-service.ts';
import { rewardsForOps } from '../rewards/reward-service.ts';
import { runDemoCarrier } from '../shipping/carrier-service.ts';
import { sendScreenshot } from '../wallet/screenshot-file.ts';
import { settlementHoldCheck } from '../wallet/wallet-service.ts';
import { dealCheck } from '../promotions/deal-reconcile.ts';
import { voucherCheck } from '../promotions/voucher-reconcile.ts';
import { decideWithdrawal, WITHDRAWAL_ACTIONS, withdrawalsByStatus } from '../wallet/withdrawal-lifecycle.ts';
import { opsAccess } from './ops-access.ts';
import { operatorActionsOn } from '../audit/operator-audit.ts';
import { decideDeposit, depositById, depositsByStatus, updateShopStanding } from './ops-service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Who may do what (docs/decisions.md, "Operator roles"); the super admin may do everything. */
const moneyRead = opsAccess('finance', 'support');
const moneyWrite = opsAccess('finance');
const shopsWrite = opsAccess('support');
const auditRead = opsAccess('finance', 'catalog', 'support');
const packagesRead = opsAccess('finance', 'catalog', 'support');
const jobs = opsAccess();
const reasonBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});
/** A withdrawal decision: a remark, and on completion the payout's transaction hash. */
const withdrawalBody = z.object({ reason: z.string().trim().max(500).optional(), payoutTxHash: z.string().trim().regex(PAYOUT_TX_HASH).optional() }).default({});

export async function opsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorId = (request: { caller: { userId: number } | null }) => request.caller!.userId;

  r.get(
    '/api/ops/deposits',
    { config: moneyRead, schema: { tags: ['operator'], summary: 'Deposits by status', querystring: z.object({ status: z.enum(DEPOSIT_STATUSES).default('pending') }), response: { 200: envelope(z.array(depositRow)) } } },
    async (request) => ok(request, await depositsByStatus(app.db, request.query.status)),
  );

  r.get('/api/ops/deposits/:id/screenshot', { config: moneyRead, schema: { tags: ['operator'], summary: "A deposit's screenshot", params: idParams, response: { 200: binaryAnswer(['image/png', 'image/jpeg'], 'The screenshot image') } } }, async (request, reply) =>
    sendScreenshot(reply, app.config.uploadsDir, await depositById(app.db, request.params.id)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/ops/deposits/:id/${decision}`,
      { config: moneyWrite, schema: { tags: ['operator'], summary: `${decision} a pending deposit; honours Idempotency-Key`, params: idParams, body: reasonBody, response: { 200: envelope(depositRow) } } },
      async (request, reply) => {
        // A retried decision (the console resends after a lost answer) replays the first answer.
        const answer = await withIdempotency(
          app.db,
          { scope: `ops-deposit:${operatorId(request)}`, key: idempotencyKeyOf(request), requestHash: hashRequest([request.params.id, decision, request.body?.reason ?? '']) },
          async (db) => ({ statusCode: 200, body: ok(request, await decideDeposit(db, operatorId(request), request.params.id, decision, request.body?.reason)) }),
        );
        return sendAnswer(reply, answer);
      },
    );
  }

  const buyerDepositStatus = z.object({ status: z.enum(DEPOSIT_STATUSES).default('pending') });
  r.get(
    '/api/ops/buyerDeposits',
    { config: moneyRead, schema: { tags: ['operator'], summary: "Mall buyers' deposits by status", querystring: buyerDepositStatus, response: { 200: envelope(z.array(buyerDepositRow)) } } },
    async (request) => ok(request, await buyerDepositsByStatus(app.db, request.query.status)),
  );

  r.get(
    '/api/ops/buyerDeposits/:id/screenshot',
    { config: moneyRead, schema: { tags: ['operator'], summary: "A buyer deposit's screenshot", params: idParams, response: { 200: binaryAnswer(['image/png', 'image/jpeg'], 'The screenshot image') } } },
    async (request, reply) => sendScreenshot(reply, app.config.uploadsDir, await buyerDepositById(app.db, request.params.id)),
  );

  // The decision honours Idempotency-Key: a retry of an answered approval replays its answer (the
  // ledger key `buyer-deposit:<id>` keeps the money moving once whatever the retries).
  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/ops/buyerDeposits/:id/${decision}`,
      { config: moneyWrite, schema: { tags: ['operator'], summary: `${decision} a pending buyer deposit; honours Idempotency-Key`, params: idParams, body: reasonBody, response: { 200: envelope(buyerDepositRow) } } },
      async (request, reply) => {
        const answer = await withIdempotency(
          app.db,
          { scope: `ops-buyer-deposit:${operatorId(request)}`, key: idempotencyKeyOf(request), requestHash: hashRequest([request.params.id, decision, request.body?.reason ?? '']) },
          async (db) => ({ statusCode: 200, body: ok(request, await decideBuyerDeposit(db, operatorId(request), request.params.id, decision, request.body?.reason)) }),
        );
        return sendAnswer(reply, answer);
      },
    );
  }

  r.get(
    '/api/ops/withdrawals',
    { config: moneyRead, schema: { tags: ['operator'], summary: 'Withdrawals by status', querystring: z.object({ status: z.enum(WITHDRAWAL_STATUSES).default('pending') }), response: { 200: envelope(z.array(withdrawalRow)) } } },
    async (request) => ok(request, await withdrawalsByStatus(app.db, request.query.status)),
  );

  for (const action of WITHDRAWAL_ACTIONS) {
    r.post(
      `/api/ops/withdrawals/:id/${action}`,
      {
        config: moneyWrite,
        schema: {
          tags: ['operator'],
          summary: `${action} a withdrawal${action === 'complete' ? ' (with the payout transaction hash the seller then sees)' : ''}; honours Idempotency-Key`,
          params: idParams,
          body: withdrawalBody,
          response: { 200: envelope(withdrawalRow) },
        },
      },
      async (request, reply) => {
        const payoutTxHash = action === 'complete' ? request.body?.payoutTxHash : undefined;
        const answer = await withIdempotency(
          app.db,
          { scope: `ops-withdrawal:${operatorId(request)}`, key: idempotencyKeyOf(request), requestHash: hashRequest([request.params.id, action, request.body?.reason ?? '', payoutTxHash ?? '']) },
          async (db) => ({ statusCode: 200, body: ok(request, await decideWithdrawal(db, operatorId(request), request.params.id, action, request.body?.reason, payoutTxHash)) }),
        );
        return sendAnswer(reply, answer);
      },
    );
  }

  r.post(
    '/api/ops/shops/:id/freeze',
    { config: shopsWrite, schema: { tags: ['operator'], summary: 'Freeze a shop (withdrawals stop)', params: idParams, body: reasonBody, response: { 200: envelope(shopRow) } } },
    async (request) => ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { frozen: true, reason: request.body?.reason })),
  );
  r.post('/api/ops/shops/:id/unfreeze', { config: shopsWrite, schema: { tags: ['operator'], summary: 'Unfreeze a shop', params: idParams, response: { 200: envelope(shopRow) } } }, async (request) =>
    ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { frozen: false })),
  );
  r.post(
    '/api/ops/shops/:id/credit',
    {
      config: shopsWrite,
      schema: { tags: ['operator'], summary: "Set a shop's credit score", params: idParams, body: z.object({ creditScore: z.number().int().min(0).max(SHOP.CREDIT_SCORE_MAX), reason: z.string().trim().max(500).optional() }),
        response: { 200: envelope(shopRow) },
      },
    },
    async (request) => ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { creditScore: request.body.creditScore, reason: request.body.reason })),
  );

  r.get(
    '/api/ops/audit',
    {
      config: auditRead,
      schema: {
        tags: ['operator'],
        summary: 'Operator actions on a target, or on every target of a type without targetId (the latest 200)',
        querystring: z.object({ targetType: z.string(), targetId: z.coerce.number().int().optional() }),
        response: { 200: envelope(z.array(auditRow)) },
      },
    },
    async (request) => ok(request, await operatorActionsOn(app.db, request.query)),
  );

  r.get(
    '/api/ops/packages',
    { config: packagesRead, schema: { tags: ['operator'], summary: 'Promotion packages sold (shop, type, amount, purchased, expires), newest first', querystring: opsPackagesQuery, response: { 200: envelope(z.array(opsPackageRow)) } } },
    async (request) => ok(request, await packagesSold(app.db, request.query)),
  );

  r.get(
    '/api/ops/couples',
    { config: moneyRead, schema: { tags: ['operator'], summary: 'Couple requests and links (by status), newest first', querystring: opsCouplesQuery, response: { 200: envelope(z.array(opsCoupleRow)) } } },
    async (request) => ok(request, await couplesForOps(app.db, request.query.status)),
  );

  r.get('/api/ops/rewards', { config: moneyRead, schema: { tags: ['operator'], summary: 'Reward bonuses paid (shop, activity, tier, amount), newest first, with the total', response: { 200: envelope(opsRewardsAnswer) } } }, async (request) =>
    ok(request, await rewardsForOps(app.db)),
  );

  r.get('/api/ops/reconcile', { config: moneyRead, schema: { tags: ['operator'], summary: 'Check the ledger invariants', response: { 200: envelope(reconcileReport) } } }, async (request) =>
    ok(request, await reconcile(app.db, { checks: [settlementHoldCheck(app.config.settlementHoldHours), voucherCheck, dealCheck] })),
  );

  r.post('/api/ops/jobs/overtime', { config: jobs, schema: { tags: ['operator'], summary: 'Run the overtime purchase job now (5 credit points per late order, once)', response: { 200: envelope(overtimeJobAnswer) } } }, async (request) =>
    ok(request, await penalizeOverdueOrders(app.db)),
  );

  r.post(
    '/api/ops/jobs/demoCarrier',
    { config: jobs, schema: { tags: ['operator'], summary: "Run the demo's built-in carrier once now (moves recent purchases one step)", response: { 200: envelope(demoCarrierAnswer) } } },
    async (request) => ok(request, await runDemoCarrier(app.db, { minStepMs: 0 })),
  );
}
