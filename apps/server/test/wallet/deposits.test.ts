import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import sharp from 'sharp';
import { deposits, ledgerTransfers, notifications } from '../../src/db/schema.ts';
import {
  call,
  createOperator,
  createSeller,
  createWalletTestApp,
  jpegBytes,
  loginToken,
  multipartBody,
  opsLoginToken,
  pdfBytes,
  pngBytes,
  reconcileReport,
  requestDeposit,
  storedScreenshots,
  walletOf,
  type WalletTestContext,
} from '../helper.ts';

let ctx: WalletTestContext;
let operator: { userId: number; token: string };
beforeAll(async () => {
  ctx = await createWalletTestApp();
  const op = await createOperator(ctx.db);
  operator = { userId: op.userId, token: await opsLoginToken(ctx.app, op.username, op.password) };
});
afterAll(() => ctx.close());

async function newSeller() {
  const seller = await createSeller(ctx.db);
  return { ...seller, token: await loginToken(ctx.app, seller.username, seller.password) };
}

const depositRowsOf = (shopId: number) => ctx.db.select().from(deposits).where(eq(deposits.shopId, shopId));
const depositTransfers = (depositId: number) =>
  ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.refType, 'deposit'), eq(ledgerTransfers.refId, depositId)));

describe('deposit: request, approval and what it moves', () => {
  it('stays pending until approved, then credits available, the statement and the top-up total', async () => {
    const seller = await newSeller();
    const requested = await requestDeposit(ctx.app, seller.token, '12.50');
    expect(requested.status).toBe(200);
    expect(requested.body.code).toBe(0);
    expect(requested.body.data).toMatchObject({ status: 'pending', amountCents: 1250 });
    const id = requested.body.data.id;

    // Pending: nothing has moved, the record shows it as pending, the operator sees it.
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 0, frozenCents: 0, totalTopUpCents: 0 });
    const records = await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'deposit' } });
    expect(records.body.data.list).toEqual([expect.objectContaining({ kind: 'deposit', id, status: 'pending', amountCents: 1250, network: 'TRC20' })]);
    const pending = await call(ctx.app, 'GET', '/api/ops/deposits', { token: operator.token, query: { status: 'pending' } });
    expect(pending.body.data.map((d: { id: number }) => d.id)).toContain(id);
    expect((await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token })).body.data.total).toBe(0);

    const approved = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: operator.token, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');

    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 1250, frozenCents: 0, balanceCents: 1250, totalTopUpCents: 1250 });
    const balance = await call(ctx.app, 'GET', '/api/order/getAccountBalance', { token: seller.token });
    expect(balance.body.data).toEqual({ availableCents: 1250, frozenCents: 0, balanceCents: 1250 });
    const statement = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token });
    expect(statement.body.data.total).toBe(1);
    expect(statement.body.data.list[0]).toMatchObject({
      type: 'deposit',
      balanceBeforeCents: 0,
      changeCents: 1250,
      balanceAfterCents: 1250,
      voucherUrl: `/api/wallet/deposits/${id}/screenshot`,
    });
    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token })).body.data.list[0];
    expect(record).toMatchObject({ id, status: 'approved' });
    expect(record.completedAt).not.toBeNull();

    // A second approved deposit adds to the top-up total.
    const second = await requestDeposit(ctx.app, seller.token, '100');
    await call(ctx.app, 'POST', `/api/ops/deposits/${second.body.data.id}/approve`, { token: operator.token, body: {} });
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 11_250, totalTopUpCents: 11_250 });

    // The seller is told (a stored notification row), and the operator's action is audited.
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    const note = notes.find((n) => n.payload?.depositId === id);
    expect(note).toMatchObject({ title: NOTIFICATION_TITLE.WALLET, content: NOTIFICATION_CONTENT.DEPOSIT_APPROVED, readAt: null });
    expect(note!.payload).toMatchObject({ amountCents: 1250 });
    const audit = await call(ctx.app, 'GET', '/api/ops/audit', { token: operator.token, query: { targetType: 'deposit', targetId: id } });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ operatorUserId: operator.userId, action: 'deposit.approve', targetType: 'deposit', targetId: id });
    expect(audit.body.data[0].before).toMatchObject({ status: 'pending', amountCents: 1250, shopId: seller.shopId });
    expect(audit.body.data[0].after).toMatchObject({ status: 'approved', decidedBy: operator.userId });
    expect((await reconcileReport(ctx.app, operator.token)).ok).toBe(true);
  });

  it('moves nothing when rejected, tells the seller why and audits it', async () => {
    const seller = await newSeller();
    const { body } = await requestDeposit(ctx.app, seller.token, '50');
    const id = body.data.id;
    const rejected = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/reject`, { token: operator.token, body: { reason: 'no such payment' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');

    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 0, frozenCents: 0, totalTopUpCents: 0 });
    expect(await depositTransfers(id)).toHaveLength(0);
    expect((await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token })).body.data.total).toBe(0);
    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token })).body.data.list[0];
    expect(record).toMatchObject({ id, status: 'rejected', remark: 'no such payment' });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    expect(notes).toEqual([expect.objectContaining({ content: NOTIFICATION_CONTENT.DEPOSIT_REJECTED })]);
    expect(notes[0].payload).toMatchObject({ depositId: id, reason: 'no such payment' });
    const audit = await call(ctx.app, 'GET', '/api/ops/audit', { token: operator.token, query: { targetType: 'deposit', targetId: id } });
    expect(audit.body.data).toEqual([expect.objectContaining({ action: 'deposit.reject', before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'rejected' }) })]);

    // A rejected deposit can no longer be approved.
    const late = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: operator.token, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('ALREADY_DECIDED');
    expect((await walletOf(ctx.app, seller.token)).availableCents).toBe(0);
  });

  it('answers a second approval with 409 ALREADY_DECIDED and moves the money once', async () => {
    const seller = await newSeller();
    const id = (await requestDeposit(ctx.app, seller.token, '20')).body.data.id;
    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: operator.token, body: {} })).status).toBe(200);
    const again = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: operator.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_DECIDED');
    const reject = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/reject`, { token: operator.token, body: {} });
    expect(reject.body.error).toBe('ALREADY_DECIDED');
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 2000, totalTopUpCents: 2000 });
    expect(await depositTransfers(id)).toHaveLength(1);
  });

  it('approves only once when two approvals race', async () => {
    const seller = await newSeller();
    const id = (await requestDeposit(ctx.app, seller.token, '30')).body.data.id;
    const answers = await Promise.all([0, 1, 2].map(() => call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: operator.token, body: {} })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 3000, totalTopUpCents: 3000 });
    expect(await depositTransfers(id)).toHaveLength(1);
  });

  it('answers 404 for a deposit that does not exist', async () => {
    const missing = await call(ctx.app, 'POST', '/api/ops/deposits/999999/approve', { token: operator.token, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('NOT_FOUND');
  });

  it('accepts exactly the minimum, JPEG and PDF screenshots, and a 5 MB file', async () => {
    const seller = await newSeller();
    const cases = [
      { amount: '10', file: pngBytes(), cents: 1000 },
      { amount: '10.1', file: jpegBytes(), cents: 1010, filename: 'paid.jpg', contentType: 'image/jpeg' },
      { amount: '99.99', file: pdfBytes(), cents: 9999, filename: 'receipt.pdf', contentType: 'application/pdf' },
      { amount: '11', file: pngBytes(5 * 1024 * 1024), cents: 1100 },
    ];
    for (const c of cases) {
      const { status, body } = await requestDeposit(ctx.app, seller.token, c.amount, { file: c.file, filename: c.filename, contentType: c.contentType });
      expect(status, c.amount).toBe(200);
      expect(body.data.amountCents).toBe(c.cents);
      // Decided at once: a shop may have only a few requests pending.
      expect((await call(ctx.app, 'POST', `/api/ops/deposits/${body.data.id}/approve`, { token: operator.token, body: {} })).status).toBe(200);
    }
    expect(await depositRowsOf(seller.shopId)).toHaveLength(cases.length);
  });

  it('lists the platform deposit address for each network', async () => {
    const seller = await newSeller();
    const { body } = await call(ctx.app, 'GET', '/api/wallet/depositAddresses', { token: seller.token });
    expect(body.data.map((a: { network: string }) => a.network).sort()).toEqual(['BEP20', 'ERC20', 'TRC20']);
    const trc = body.data.find((a: { network: string }) => a.network === 'TRC20');
    const id = (await requestDeposit(ctx.app, seller.token, '10')).body.data.id;
    const [row] = await ctx.db.select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ currency: 'USDT', network: 'TRC20', address: trc.address });
  });
});

describe('deposit: refusals create nothing', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
  const fakePng = Buffer.from('this is only text, renamed to look like a picture\n');
  const cases: {
    label: string;
    amount: string;
    options?: Parameters<typeof requestDeposit>[3];
    status: number;
    error: string;
  }[] = [
    { label: 'an amount below 10', amount: '9.99', status: 400, error: 'AMOUNT_BELOW_MIN' },
    { label: 'an amount that is not a number', amount: 'ten', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a negative amount', amount: '-20', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an amount with 3 decimals', amount: '10.005', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an amount in exponent notation', amount: '1e3', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a zero amount', amount: '0', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an empty amount', amount: '', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a missing screenshot', amount: '20', options: { file: null }, status: 400, error: 'FILE_REQUIRED' },
    { label: 'an empty screenshot', amount: '20', options: { file: Buffer.alloc(0) }, status: 400, error: 'FILE_REQUIRED' },
    { label: 'a text file renamed .png', amount: '20', options: { file: fakePng, filename: 'paid.png', contentType: 'image/png' }, status: 400, error: 'INVALID_FILE_TYPE' },
    { label: 'an SVG', amount: '20', options: { file: svg, filename: 'paid.svg', contentType: 'image/svg+xml' }, status: 400, error: 'INVALID_FILE_TYPE' },
    { label: 'an SVG named .png', amount: '20', options: { file: svg, filename: 'paid.png', contentType: 'image/png' }, status: 400, error: 'INVALID_FILE_TYPE' },
    { label: 'a 6 MB file', amount: '20', options: { file: pngBytes(6 * 1024 * 1024) }, status: 413, error: 'FILE_TOO_LARGE' },
    { label: 'an unknown network', amount: '20', options: { network: 'OMNI' }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'a network named like an object property', amount: '20', options: { network: 'constructor' }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'a network named __proto__', amount: '20', options: { network: '__proto__' }, status: 400, error: 'VALIDATION_FAILED' },
  ];

  it.each(cases)('refuses $label with a localized $status $error, no deposit row and no stored file', async ({ amount, options, status, error }) => {
    const seller = await newSeller();
    const filesBefore = storedScreenshots(ctx.uploadsDir).length;
    const en = await requestDeposit(ctx.app, seller.token, amount, { ...options, lang: 'en-US' });
    const vi = await requestDeposit(ctx.app, seller.token, amount, { ...options, lang: 'vi-VN' });
    expect(en.status).toBe(status);
    expect(en.body.error).toBe(error);
    expect(en.body.code).not.toBe(0);
    expect(vi.body.error).toBe(error);
    expect(en.body.msg).toBeTruthy();
    expect(en.body.msg).not.toMatch(/^error\./);
    expect(vi.body.msg).not.toBe(en.body.msg);
    expect(await depositRowsOf(seller.shopId)).toHaveLength(0);
    expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(filesBefore);
  });

  it('refuses a JSON body without a screenshot', async () => {
    const seller = await newSeller();
    const { status, body } = await call(ctx.app, 'POST', '/api/wallet/deposit', { token: seller.token, body: { network: 'TRC20', amount: '20' } });
    expect(status).toBe(400);
    expect(body.error).toBe('FILE_REQUIRED');
    expect(await depositRowsOf(seller.shopId)).toHaveLength(0);
  });

  it('refuses a deposit without a session', async () => {
    const { payload, contentType } = multipartBody([{ name: 'amount', value: '20' }]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/wallet/deposit', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(401);
  });
});

describe('deposit: Idempotency-Key', () => {
  it('answers a retry with the first answer and creates one deposit; a different body with the same key is refused', async () => {
    const seller = await newSeller();
    const headers = { 'idempotency-key': 'dep-retry-1' };
    const first = await requestDeposit(ctx.app, seller.token, '15', { headers });
    const retry = await requestDeposit(ctx.app, seller.token, '15', { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await depositRowsOf(seller.shopId)).toHaveLength(1);

    const changed = await requestDeposit(ctx.app, seller.token, '16', { headers });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherFile = await requestDeposit(ctx.app, seller.token, '15', { headers, file: jpegBytes(), filename: 'a.jpg' });
    expect(otherFile.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await depositRowsOf(seller.shopId)).toHaveLength(1);
  });
});

describe('deposit screenshot', () => {
  it('is served back to its own shop with its content type, stored under a random name', async () => {
    const seller = await newSeller();
    const png = pngBytes();
    const pngId = (await requestDeposit(ctx.app, seller.token, '10', { file: png, filename: 'my-bank-receipt.png' })).body.data.id;
    const pdf = pdfBytes();
    const pdfId = (await requestDeposit(ctx.app, seller.token, '10', { file: pdf, filename: 'r.pdf', contentType: 'application/pdf' })).body.data.id;
    const jpeg = jpegBytes();
    // The declared type is a lie; the bytes say JPEG, and JPEG is what is served.
    const jpegId = (await requestDeposit(ctx.app, seller.token, '10', { file: jpeg, filename: 'x.pdf', contentType: 'application/pdf' })).body.data.id;

    for (const [id, bytes, type] of [
      [pngId, png, 'image/png'],
      [pdfId, pdf, 'application/pdf'],
      [jpegId, jpeg, 'image/jpeg'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${id}/screenshot`, headers: { authtoken: seller.token } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // A PDF is kept as sent; a picture is drawn again from its pixels (nothing else of the file is kept).
      if (type === 'application/pdf') expect(response.rawPayload.equals(bytes)).toBe(true);
      else expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: type === 'image/png' ? 'png' : 'jpeg', width: 1, height: 1 });
    }
    const [row] = await ctx.db.select().from(deposits).where(eq(deposits.id, pngId));
    expect(row.screenshotFile).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(storedScreenshots(ctx.uploadsDir)).toContain(row.screenshotFile);
  });

  it("answers 404 for another shop's screenshot, and for one that does not exist", async () => {
    const owner = await newSeller();
    const other = await newSeller();
    const id = (await requestDeposit(ctx.app, owner.token, '10')).body.data.id;
    const stolen = await call(ctx.app, 'GET', `/api/wallet/deposits/${id}/screenshot`, { token: other.token });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toBe('NOT_FOUND');
    expect((await call(ctx.app, 'GET', '/api/wallet/deposits/999999/screenshot', { token: owner.token })).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/wallet/deposits/${id}/screenshot`)).status).toBe(401);
    // The operator reviewing it can see it.
    const review = await ctx.app.inject({ method: 'GET', url: `/api/ops/deposits/${id}/screenshot`, headers: { authtoken: operator.token } });
    expect(review.statusCode).toBe(200);
    expect(review.headers['content-type']).toBe('image/png');
  });

  it("answers one deposit to its shop and 404 to another shop", async () => {
    const owner = await newSeller();
    const other = await newSeller();
    const id = (await requestDeposit(ctx.app, owner.token, '12.34')).body.data.id;
    const own = await call(ctx.app, 'GET', `/api/wallet/deposits/${id}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ kind: 'deposit', id, amountCents: 1234, status: 'pending' });
    const foreign = await call(ctx.app, 'GET', `/api/wallet/deposits/${id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('NOT_FOUND');
  });

  it("never lists another shop's deposits", async () => {
    const owner = await newSeller();
    const other = await newSeller();
    await requestDeposit(ctx.app, owner.token, '10');
    const mine = await requestDeposit(ctx.app, other.token, '11');
    const list = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: other.token })).body.data;
    expect(list.total).toBe(1);
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([mine.body.data.id]);
  });
});
