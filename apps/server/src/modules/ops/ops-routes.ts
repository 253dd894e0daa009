import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOP } from '@shopdesk/shared/constants';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@shopdesk/shared/wallet/schemas';
import { deposits, operatorAudit, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { reconcile } from '../ledger/reconcile.ts';
import { penalizeOverdueOrders } from '../orders/overtime-job.ts';
import { runDemoCarrier } from '../shipping/carrier-service.ts';
import { sendScreenshot } from '../wallet/wallet-routes.ts';
import { decideDeposit, decideWithdrawal, updateShopStanding, WITHDRAWAL_TRANSITIONS, type WithdrawalAction } from './ops-service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const operatorOnly = { access: 'operator' as const };
const reasonBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});

export async function opsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorId = (request: { caller: { userId: number } | null }) => request.caller!.userId;

  r.get(
    '/api/ops/deposits',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Deposits by status', querystring: z.object({ status: z.enum(DEPOSIT_STATUSES).default('pending') }) } },
    async (request) => ok(request, await app.db.select().from(deposits).where(eq(deposits.status, request.query.status)).orderBy(desc(deposits.id)).limit(500)),
  );

  r.get('/api/ops/deposits/:id/screenshot', { config: operatorOnly, schema: { tags: ['operator'], summary: "A deposit's screenshot", params: idParams } }, async (request, reply) => {
    const [deposit] = await app.db.select().from(deposits).where(eq(deposits.id, request.params.id));
    if (!deposit) throw new AppError('NOT_FOUND');
    return sendScreenshot(reply, app.config.uploadsDir, deposit);
  });

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/ops/deposits/:id/${decision}`,
      { config: operatorOnly, schema: { tags: ['operator'], summary: `${decision} a pending deposit`, params: idParams, body: reasonBody } },
      async (request) => ok(request, await decideDeposit(app.db, operatorId(request), request.params.id, decision, request.body?.reason)),
    );
  }

  r.get(
    '/api/ops/withdrawals',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Withdrawals by status', querystring: z.object({ status: z.enum(WITHDRAWAL_STATUSES).default('pending') }) } },
    async (request) => ok(request, await app.db.select().from(withdrawals).where(eq(withdrawals.status, request.query.status)).orderBy(desc(withdrawals.id)).limit(500)),
  );

  for (const action of Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalAction[]) {
    r.post(
      `/api/ops/withdrawals/:id/${action}`,
      { config: operatorOnly, schema: { tags: ['operator'], summary: `${action} a withdrawal`, params: idParams, body: reasonBody } },
      async (request) => ok(request, await decideWithdrawal(app.db, operatorId(request), request.params.id, action, request.body?.reason)),
    );
  }

  r.post(
    '/api/ops/shops/:id/freeze',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Freeze a shop (withdrawals stop)', params: idParams, body: reasonBody } },
    async (request) => ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { frozen: true, reason: request.body?.reason })),
  );
  r.post('/api/ops/shops/:id/unfreeze', { config: operatorOnly, schema: { tags: ['operator'], summary: 'Unfreeze a shop', params: idParams } }, async (request) =>
    ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { frozen: false })),
  );
  r.post(
    '/api/ops/shops/:id/credit',
    {
      config: operatorOnly,
      schema: { tags: ['operator'], summary: "Set a shop's credit score", params: idParams, body: z.object({ creditScore: z.number().int().min(0).max(SHOP.CREDIT_SCORE_MAX) }) },
    },
    async (request) => ok(request, await updateShopStanding(app.db, operatorId(request), request.params.id, { creditScore: request.body.creditScore })),
  );

  r.get(
    '/api/ops/audit',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Operator actions on a target', querystring: z.object({ targetType: z.string(), targetId: z.coerce.number().int() }) } },
    async (request) =>
      ok(
        request,
        await app.db
          .select()
          .from(operatorAudit)
          .where(and(eq(operatorAudit.targetType, request.query.targetType), eq(operatorAudit.targetId, request.query.targetId)))
          .orderBy(desc(operatorAudit.id)),
      ),
  );

  r.get('/api/ops/reconcile', { config: operatorOnly, schema: { tags: ['operator'], summary: 'Check the ledger invariants' } }, async (request) =>
    ok(request, await reconcile(app.db)),
  );

  r.post('/api/ops/jobs/overtime', { config: operatorOnly, schema: { tags: ['operator'], summary: 'Run the overtime purchase job now (5 credit points per late order, once)' } }, async (request) =>
    ok(request, await penalizeOverdueOrders(app.db)),
  );

  r.post(
    '/api/ops/jobs/demoCarrier',
    { config: operatorOnly, schema: { tags: ['operator'], summary: "Run the demo's built-in carrier once now (moves recent purchases one step)" } },
    async (request) => ok(request, await runDemoCarrier(app.db, { minStepMs: 0 })),
  );
}
