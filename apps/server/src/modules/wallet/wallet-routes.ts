import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDecimal } from '@shopdesk/shared/money';
import { financeReportQuery, recordsQuery, transactionsQuery, withdrawBody } from '@shopdesk/shared/wallet/schemas';
import { deposits } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { checkScreenshot, screenshotPath, storeScreenshot } from './screenshot-file.ts';
import { financeReport, ownRecord, recordsPage, statementPage } from './wallet-queries.ts';
import { applyWithdrawal, checkDepositInput, createDeposit, walletSummary } from './wallet-service.ts';

const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
};

interface DepositForm {
  network: string;
  amount: string;
  file: Buffer | null;
}

/** Reads the multipart deposit form; a file over the limit is reported, not silently cut. */
async function readDepositForm(request: FastifyRequest): Promise<DepositForm> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const form: DepositForm = { network: '', amount: '', file: null };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { maxMb: 5 });
        throw error;
      });
      if (part.fieldname === 'screenshot') form.file = bytes;
    } else if (part.fieldname === 'network' || part.fieldname === 'amount') {
      form[part.fieldname] = String(part.value ?? '');
    }
  }
  return form;
}

function sendAnswer(reply: FastifyReply, answer: { statusCode: number; body: unknown }) {
  return reply.status(answer.statusCode).send(answer.body);
}

export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/wallet/summary', { schema: { tags: ['wallet'], summary: 'Balance, available, frozen and total earnings (cents)' } }, async (request) =>
    ok(request, await walletSummary(app.db, app.config, callerShopId(request))),
  );

  r.get('/api/order/getAccountBalance', { schema: { tags: ['wallet'], summary: 'What is available before a purchase (cents)' } }, async (request) => {
    const summary = await walletSummary(app.db, app.config, callerShopId(request));
    return ok(request, { availableCents: summary.availableCents, frozenCents: summary.frozenCents, balanceCents: summary.balanceCents });
  });

  r.get('/api/wallet/depositAddresses', { schema: { tags: ['wallet'], summary: "The platform's USDT deposit address per network" } }, async (request) =>
    ok(request, Object.entries(app.config.depositAddresses).map(([network, address]) => ({ currency: 'USDT', network, address }))),
  );

  r.post(
    '/api/wallet/deposit',
    { schema: { tags: ['wallet'], summary: 'Deposit request (multipart: network, amount, screenshot); honours Idempotency-Key', consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const shopId = callerShopId(request);
      const form = await readDepositForm(request);
      const type = checkScreenshot(form.file);
      const fileHash = createHash('sha256').update(form.file!).digest('hex');
      const answer = await withIdempotency(
        app.db,
        { scope: `deposit:${request.caller!.userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest([form.network, form.amount, fileHash]) },
        async () => {
          // Refuse a bad network or amount before the file is written, so refusals leave no orphan files.
          checkDepositInput(app.config, form);
          const name = await storeScreenshot(app.config.uploadsDir, form.file!, type);
          const deposit = await createDeposit(app.db, app.config, { shopId, network: form.network, amount: form.amount, file: { name, type } });
          return { statusCode: 200, body: ok(request, { id: deposit.id, status: deposit.status, amountCents: deposit.amountCents }) };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  const idParams = z.object({ id: z.coerce.number().int().positive() });
  r.get('/api/wallet/deposits/:id', { schema: { tags: ['wallet'], summary: 'One deposit request of the shop', params: idParams } }, async (request) =>
    ok(request, await ownRecord(app.db, callerShopId(request), 'deposit', request.params.id)),
  );
  r.get('/api/wallet/withdrawals/:id', { schema: { tags: ['wallet'], summary: 'One withdrawal of the shop', params: idParams } }, async (request) =>
    ok(request, await ownRecord(app.db, callerShopId(request), 'withdrawal', request.params.id)),
  );

  r.get(
    '/api/wallet/deposits/:id/screenshot',
    { schema: { tags: ['wallet'], summary: "A deposit's payment screenshot (own shop only)", params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const [deposit] = await app.db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, request.params.id), eq(deposits.shopId, callerShopId(request))));
      if (!deposit) throw new AppError('NOT_FOUND');
      return sendScreenshot(reply, app.config.uploadsDir, deposit);
    },
  );

  r.post(
    '/api/wallet/withdraw',
    { schema: { tags: ['wallet'], summary: 'Apply for a USDT withdrawal with the fund password; honours Idempotency-Key', body: withdrawBody } },
    async (request, reply) => {
      const { userId } = request.caller!;
      const shopId = callerShopId(request);
      const body = request.body;
      const answer = await withIdempotency(
        app.db,
        { scope: `withdraw:${userId}`, key: idempotencyKeyOf(request), requestHash: hashRequest(body) },
        async () => {
          const w = await applyWithdrawal(app.db, app.config, { ...body, shopId, userId });
          return {
            statusCode: 200,
            body: ok(request, { id: w.id, status: w.status, amountCents: w.amountCents, feeCents: w.feeCents, arrivalCents: w.arrivalCents }),
          };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  r.get('/api/wallet/transactions', { schema: { tags: ['wallet'], summary: 'Funding records (ledger lines), paged', querystring: transactionsQuery } }, async (request) =>
    ok(request, await statementPage(app.db, callerShopId(request), request.query)),
  );

  r.get('/api/wallet/transactions/export', { schema: { tags: ['wallet'], summary: 'Funding records as CSV (filtered)', querystring: transactionsQuery } }, async (request, reply) => {
    const { list } = await statementPage(app.db, callerShopId(request), request.query, true);
    const csv = toCsv(
      ['serialNo', 'type', 'balanceBefore', 'change', 'balanceAfter', 'time', 'orderNo', 'remark', 'status'],
      list.map((l) => [l.serialNo, l.type, centsToDecimal(l.balanceBeforeCents), centsToDecimal(l.changeCents), centsToDecimal(l.balanceAfterCents), l.createdAt, l.orderNo ?? '', l.remark, l.status]),
    );
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="funding-records.csv"').send(csv);
  });

  r.get('/api/wallet/records', { schema: { tags: ['wallet'], summary: 'Deposit and withdrawal records, paged', querystring: recordsQuery } }, async (request) =>
    ok(request, await recordsPage(app.db, callerShopId(request), request.query)),
  );

  r.get('/api/wallet/records/export', { schema: { tags: ['wallet'], summary: 'Deposit and withdrawal records as CSV', querystring: recordsQuery } }, async (request, reply) => {
    const { list } = await recordsPage(app.db, callerShopId(request), { ...request.query, page: 1, pageSize: 50_000 });
    const csv = toCsv(
      ['kind', 'id', 'amount', 'fee', 'arrival', 'currency', 'network', 'address', 'status', 'applyTime', 'completedTime', 'remark'],
      list.map((w) => [w.kind, w.id, centsToDecimal(w.amountCents), centsToDecimal(w.feeCents), centsToDecimal(w.arrivalCents), w.currency, w.network, w.address, w.status, w.createdAt, w.completedAt ?? '', w.remark ?? '']),
    );
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="deposit-withdrawal-records.csv"').send(csv);
  });

  r.get('/api/finance/report', { schema: { tags: ['wallet'], summary: 'Income, spending, fees and profit per day (cents)', querystring: financeReportQuery } }, async (request) =>
    ok(request, await financeReport(app.db, callerShopId(request), request.query)),
  );
}

export function sendScreenshot(reply: FastifyReply, uploadsDir: string, deposit: { screenshotFile: string; screenshotType: string }) {
  const file = screenshotPath(uploadsDir, deposit.screenshotFile);
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND');
  return reply
    .type(deposit.screenshotType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(fs.createReadStream(file));
}
