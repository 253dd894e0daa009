import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shopdesk/shared/money';
import { CSV_WORDS } from '../../src/i18n/csv-words.ts';
import { csvTime } from '../../src/lib/csv.ts';
import type { Tx } from '../../src/db/client.ts';
import { ledgerTransfers, withdrawalAddresses } from '../../src/db/schema.ts';
import { platformAccount, shopAccount, transfer } from '../../src/modules/ledger/ledger-service.ts';
import { buyerPaid, orderSettled, refundAfterSettlement, refundApproved, stockPurchased } from '../../src/modules/ledger/money-flows.ts';
import { call, createSeller, createWalletTestApp, fundShop, loginToken, reconcileReport, requestWithdrawal, walletOf, useWalletTestApp } from '../helper.ts';

interface Line {
  serialNo: string;
  type: string;
  balanceBeforeCents: number;
  changeCents: number;
  balanceAfterCents: number;
  createdAt: string;
  orderId: string | null;
  remark: string;
  voucherUrl: string | null;
  status: string;
  withdrawal: { feeCents: number; arrivalCents: number } | null;
}

const DAY_MS = 24 * 3600 * 1000;
const words = CSV_WORDS['en-US'];
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Noon UTC `days` ago: far from any midnight, whatever the report's time zone offset below ±11 h. */
const noonDaysAgo = (days: number) => new Date(Date.parse(`${isoDay(new Date(Date.now() - days * DAY_MS))}T12:00:00.000Z`));

const ctx = useWalletTestApp();

async function newSeller() {
  const seller = await createSeller(ctx.db);
  return { ...seller, token: await loginToken(ctx.app, seller.username, seller.password) };
}

let orderCounter = 0;
const nextOrderNo = () => `T${process.pid}${Date.now() % 100000}${++orderCounter}`;

/** An order sold and settled: the buyer pays, the seller buys the stock, the sale settles to the seller. */
async function settledOrder(shopId: number, amountCents: number, purchaseAmountCents: number, at?: Date) {
  const o = { orderNo: nextOrderNo(), shopId, amountCents, purchaseAmountCents, at };
  await ctx.db.transaction(async (tx) => {
    await buyerPaid(tx, o);
    await stockPurchased(tx, o);
    await orderSettled(tx, o);
  });
  return o.orderNo;
}

/** An order bought by the seller then refunded: purchase and purchase refund lines. */
async function refundedOrder(shopId: number, amountCents: number, purchaseAmountCents: number, at?: Date) {
  const o = { orderNo: nextOrderNo(), shopId, amountCents, purchaseAmountCents, at };
  await ctx.db.transaction(async (tx) => {
    await buyerPaid(tx, o);
    await stockPurchased(tx, o);
    await refundApproved(tx, o);
  });
  return o.orderNo;
}

/** Reward and package flows have no money-flow function yet; the ledger's transfer stands in. */
function rewardOrPackage(shopId: number, type: 'reward' | 'package', amountCents: number, at?: Date) {
  return ctx.db.transaction((tx: Tx) =>
    transfer(tx, {
      key: `test:${type}:${shopId}:${nextOrderNo()}`,
      type,
      from: type === 'reward' ? platformAccount('reward_expense') : shopAccount(shopId),
      to: type === 'reward' ? shopAccount(shopId) : platformAccount('package_revenue'),
      amountCents,
      shopId,
      at,
    }),
  );
}

async function allLines(token: string, query: Record<string, string | number> = {}): Promise<{ list: Line[]; total: number }> {
  const { status, body } = await call(ctx.app, 'GET', '/api/wallet/transactions', { token, query: { pageSize: 100, ...query } });
  expect(status).toBe(200);
  return body.data;
}

/** A small RFC 4180 reader (quotes, doubled quotes, CRLF), enough for our exports. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && src[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function exportCsv(token: string, path: string, query: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: path, headers: { authtoken: token }, query });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toMatch(/attachment/);
  return parseCsv(response.body);
}

describe('funding records', () => {
  let seller: Awaited<ReturnType<typeof newSeller>>;
  let orderA: string;
  beforeAll(async () => {
    seller = await newSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '1000');
    orderA = await settledOrder(seller.shopId, 15_000, 10_000);
    await refundedOrder(seller.shopId, 8000, 5000);
    const completed = (await requestWithdrawal(ctx.app, seller.token, '200')).body.data.id;
    await call(ctx.app, 'POST', `/api/ops/withdrawals/${completed}/approve`, { token: ctx.operatorToken, body: {} });
    await call(ctx.app, 'POST', `/api/ops/withdrawals/${completed}/complete`, { token: ctx.operatorToken, body: {} });
    const rejected = (await requestWithdrawal(ctx.app, seller.token, '100')).body.data.id;
    await call(ctx.app, 'POST', `/api/ops/withdrawals/${rejected}/reject`, { token: ctx.operatorToken, body: {} });
    await rewardOrPackage(seller.shopId, 'reward', 2500);
    await rewardOrPackage(seller.shopId, 'package', 3000);
    await requestWithdrawal(ctx.app, seller.token, '50'); // still pending
  });

  it('has after = before + change on every line, and each line starts where the previous ended', async () => {
    const { list, total } = await allLines(seller.token);
    expect(total).toBe(list.length);
    expect(list.map((l) => l.type).reverse()).toEqual([
      'deposit',
      'purchase',
      'settlement',
      'purchase',
      'refund_purchase',
      'withdraw_apply',
      'withdraw_apply',
      'withdraw_return',
      'reward',
      'package',
      'withdraw_apply',
    ]);
    const oldestFirst = [...list].reverse();
    let running = 0;
    for (const line of oldestFirst) {
      expect(line.balanceBeforeCents, line.serialNo).toBe(running);
      expect(line.balanceAfterCents, line.serialNo).toBe(line.balanceBeforeCents + line.changeCents);
      expect(line.changeCents).not.toBe(0);
      running = line.balanceAfterCents;
    }
    const wallet = await walletOf(ctx.app, seller.token);
    expect(running).toBe(wallet.availableCents);
    expect(wallet.availableCents).toBe(100_000 - 10_000 + 15_000 - 5000 + 5000 - 20_000 + 2500 - 3000 - 5000);
    expect(wallet.frozenCents).toBe(5000);
    // Serial numbers are unique; the pending withdrawal's line says pending, the others completed.
    expect(new Set(list.map((l) => l.serialNo)).size).toBe(list.length);
    expect(list[0]).toMatchObject({ type: 'withdraw_apply', status: 'pending' });
    expect(list.filter((l) => l.type !== 'withdraw_apply').every((l) => l.status === 'completed')).toBe(true);
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).ok).toBe(true);
  });

  it("puts a withdrawal's fee and the amount that arrives on its line, and on no other line", async () => {
    const { list } = await allLines(seller.token);
    const applied = list.filter((l) => l.type === 'withdraw_apply');
    // Newest first: the pending 50, the rejected 100, the completed 200 (2% fee each).
    expect(applied.map((l) => [l.changeCents, l.status, l.withdrawal])).toEqual([
      [-5000, 'pending', { feeCents: 100, arrivalCents: 4900 }],
      [-10_000, 'rejected', { feeCents: 200, arrivalCents: 9800 }],
      [-20_000, 'completed', { feeCents: 400, arrivalCents: 19_600 }],
    ]);
    expect(list.filter((l) => l.type !== 'withdraw_apply').every((l) => l.withdrawal === null)).toBe(true);
    const rows = await exportCsv(seller.token, '/api/wallet/transactions/export', { type: 'withdraw_apply' });
    expect(rows.slice(1).map((r) => [r[3], r[5], r[6]])).toEqual([
      ['-50.00', '1.00', '49.00'],
      ['-100.00', '2.00', '98.00'],
      ['-200.00', '4.00', '196.00'],
    ]);
  });

  it('filters by type and by order number', async () => {
    const purchases = await allLines(seller.token, { type: 'purchase' });
    expect(purchases.total).toBe(2);
    expect(purchases.list.map((l) => l.changeCents)).toEqual([-5000, -10_000]);
    expect(purchases.list.every((l) => l.type === 'purchase')).toBe(true);
    expect((await allLines(seller.token, { type: 'withdraw_apply' })).total).toBe(3);
    expect((await allLines(seller.token, { type: 'no_such_type' })).total).toBe(0);
    const byOrder = await allLines(seller.token, { orderId: orderA });
    expect(byOrder.list.map((l) => [l.type, l.changeCents, l.orderId])).toEqual([
      ['settlement', 15_000, orderA],
      ['purchase', -10_000, orderA],
    ]);
  });

  it('exports exactly the filtered lines as CSV, all pages', async () => {
    for (const query of [{}, { type: 'withdraw_apply' }, { orderId: orderA }, { type: 'purchase', pageSize: '1', page: '2' }]) {
      const { page: _page, pageSize: _size, ...filters } = query as Record<string, string>;
      const expected = await allLines(seller.token, filters);
      const rows = await exportCsv(seller.token, '/api/wallet/transactions/export', query as Record<string, string>);
      expect(rows[0]).toEqual(['Serial number', 'Change type', 'Amount before', 'Change', 'Amount after', 'Fee', 'Arrival amount', 'Time', 'Order ID', 'Remark', 'Status']);
      const body = rows.slice(1);
      expect(body, JSON.stringify(query)).toHaveLength(expected.total);
      expect(body).toEqual(
        expected.list.map((l) => [
          l.serialNo,
          words.values.transactionType[l.type as keyof typeof words.values.transactionType],
          centsToDecimal(l.balanceBeforeCents),
          centsToDecimal(l.changeCents),
          centsToDecimal(l.balanceAfterCents),
          l.withdrawal ? centsToDecimal(l.withdrawal.feeCents) : '',
          l.withdrawal ? centsToDecimal(l.withdrawal.arrivalCents) : '',
          csvTime(l.createdAt, 0),
          l.orderId ?? '',
          l.remark,
          words.values.recordStatus[l.status as keyof typeof words.values.recordStatus],
        ]),
      );
    }
  });

  it('exports the deposit and withdrawal records as CSV, filtered by kind and status', async () => {
    const all = await exportCsv(seller.token, '/api/wallet/paymentHistory/export');
    expect(all[0]).toEqual(['Type', 'Record ID', 'Amount', 'Fee', 'Arrival amount', 'Coin', 'Network', 'Address', 'Status', 'Apply time', 'Completed time', 'Remark']);
    expect(all.slice(1).map((r) => [r[0], r[8]]).sort()).toEqual([
      ['Deposit', 'Approved'],
      ['Withdrawal', 'Completed'],
      ['Withdrawal', 'Pending review'],
      ['Withdrawal', 'Rejected'],
    ]);
    // In the seller's language and time zone (x-lang, tzOffset), with the offset written out.
    const thai = await ctx.app.inject({ method: 'GET', url: '/api/wallet/paymentHistory/export', headers: { authtoken: seller.token, 'x-lang': 'th-TH' }, query: { tzOffset: '420' } });
    const thaiRows = parseCsv(thai.body);
    expect(thai.body.startsWith('\uFEFF')).toBe(true);
    expect(thaiRows[0][0]).toBe(CSV_WORDS['th-TH'].headers.kind);
    expect(thaiRows.slice(1).map((r) => r[0]).sort()).toEqual(['ถอนเงิน', 'ถอนเงิน', 'ถอนเงิน', 'ฝากเงิน'].sort());
    for (const r of thaiRows.slice(1)) expect(r[9]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+07:00$/);
    const completed = await exportCsv(seller.token, '/api/wallet/paymentHistory/export', { kind: 'withdrawal', status: 'completed' });
    expect(completed.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([['200.00', '4.00', '196.00']]);
    const listed = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'withdrawal', status: 'completed' } })).body.data;
    expect(listed.total).toBe(1);
  });
});

describe('CSV exports', () => {
  it('neutralizes a withdrawal address that a spreadsheet would run as a formula', async () => {
    const seller = await newSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '100');
    const address = '=HYPERLINK("http://evil.example/x","click")';
    // Saved long enough ago to be past its cool-down (a withdrawal goes only to a saved address).
    await ctx.db.insert(withdrawalAddresses).values({ shopId: seller.shopId, network: 'TRC20', address, createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
    const applied = await requestWithdrawal(ctx.app, seller.token, '50', { body: { address } });
    expect(applied.status).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/wallet/paymentHistory/export', headers: { authtoken: seller.token }, query: { kind: 'withdrawal' } });
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(2);
    expect(rows[1][7]).toBe(`'${address}`);
    expect(response.body).toMatch(/^\uFEFF/);
  });
});

describe('funding records: dates and pages', () => {
  it('filters by date range (inclusive days)', async () => {
    const seller = await newSeller();
    // Lines on four days, oldest first so ids follow time.
    await rewardOrPackage(seller.shopId, 'reward', 10_000, noonDaysAgo(10));
    await settledOrder(seller.shopId, 2000, 1000, noonDaysAgo(5));
    await settledOrder(seller.shopId, 3000, 2000, noonDaysAgo(2));
    await rewardOrPackage(seller.shopId, 'reward', 700);
    const everything = await allLines(seller.token);
    expect(everything.total).toBe(6);

    const d = (n: number) => isoDay(noonDaysAgo(n));
    const between = await allLines(seller.token, { from: d(5), to: d(2) });
    expect(between.list.map((l) => l.changeCents)).toEqual([3000, -2000, 2000, -1000]);
    expect((await allLines(seller.token, { from: d(5), to: d(5) })).total).toBe(2);
    expect((await allLines(seller.token, { to: d(10) })).list.map((l) => l.changeCents)).toEqual([10_000]);
    expect((await allLines(seller.token, { from: d(1) })).list.map((l) => l.changeCents)).toEqual([700]);
    expect((await allLines(seller.token, { from: d(9), to: d(6) })).total).toBe(0);
    expect((await allLines(seller.token, { from: d(5), to: d(2), type: 'purchase' })).list.map((l) => l.changeCents)).toEqual([-2000, -1000]);

    const csv = await exportCsv(seller.token, '/api/wallet/transactions/export', { from: d(5), to: d(2) });
    expect(csv.slice(1).map((r) => r[0])).toEqual(between.list.map((l) => l.serialNo));
  });

  it('refuses a malformed date', async () => {
    const seller = await newSeller();
    const bad = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { from: '2024-13-40x' } });
    expect(bad.status).toBe(400);
  });

  it('pages with a stable total, no line twice and none missing', async () => {
    const seller = await newSeller();
    await rewardOrPackage(seller.shopId, 'reward', 100_000);
    for (let i = 0; i < 11; i++) await settledOrder(seller.shopId, 200 + i, 100 + i); // 22 lines
    const total = 23;
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { page, pageSize: 10 } });
      expect(body.data).toMatchObject({ total, page, pageSize: 10 });
      expect(body.data.list).toHaveLength(page < 3 ? 10 : 3);
      seen.push(...body.data.list.map((l: Line) => l.serialNo));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual((await allLines(seller.token)).list.map((l) => l.serialNo));
    const beyond = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { page: 4, pageSize: 10 } });
    expect(beyond.body.data).toMatchObject({ total, list: [] });
    const filtered = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { type: 'purchase', page: 2, pageSize: 5 } });
    expect(filtered.body.data.total).toBe(11);
    expect(filtered.body.data.list).toHaveLength(5);
    for (const pageSize of [0, 101]) {
      expect((await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { pageSize } })).status).toBe(400);
    }
  });

  it('pages the deposit and withdrawal records across both kinds', async () => {
    const seller = await newSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '1000');
    for (let i = 0; i < 4; i++) await requestWithdrawal(ctx.app, seller.token, String(50 + i));
    for (let i = 0; i < 2; i++) await fundShop(ctx.app, seller.token, ctx.operatorToken, String(10 + i));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { page, pageSize: 3 } });
      expect(body.data.total).toBe(7);
      seen.push(...body.data.list.map((r: { kind: string; id: number }) => `${r.kind}:${r.id}`));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'deposit' } })).body.data.total).toBe(3);
    expect((await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { status: 'pending' } })).body.data.total).toBe(4);
  });
});

describe('finance report', () => {
  interface Day {
    date: string;
    incomeCents: number;
    spendingCents: number;
    feeCents: number;
    profitCents: number;
  }

  const INCOME = ['settlement', 'reward', 'refund_purchase'];
  const SPENDING = ['purchase', 'package', 'refund_buyer'];

  /** What the report must say, computed from the statement lines and the fee transfers only. */
  async function expectedFromStatements(seller: { token: string; shopId: number }, tzOffset: number) {
    const { list } = await allLines(seller.token);
    const fees = await ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.shopId, seller.shopId), eq(ledgerTransfers.type, 'withdraw_fee')));
    const localDay = (iso: string | Date) => isoDay(new Date(new Date(iso).getTime() + tzOffset * 60_000));
    const byDay = new Map<string, { income: number; spending: number; fees: number }>();
    const at = (day: string) => byDay.get(day) ?? byDay.set(day, { income: 0, spending: 0, fees: 0 }).get(day)!;
    for (const l of list) {
      if (INCOME.includes(l.type)) at(localDay(l.createdAt)).income += l.changeCents;
      if (SPENDING.includes(l.type)) at(localDay(l.createdAt)).spending -= l.changeCents;
    }
    for (const f of fees) at(localDay(f.createdAt)).fees += f.amountCents;
    return byDay;
  }

  function compare(days: Day[], expected: Map<string, { income: number; spending: number; fees: number }>) {
    for (const day of days) {
      const e = expected.get(day.date) ?? { income: 0, spending: 0, fees: 0 };
      expect(day, day.date).toEqual({ date: day.date, incomeCents: e.income, spendingCents: e.spending, feeCents: e.fees, profitCents: e.income - e.spending - e.fees });
    }
  }

  it('adds up to the statement lines over 7 and 30 days and a chosen range', async () => {
    const seller = await newSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '5000');
    await settledOrder(seller.shopId, 12_000, 9000, noonDaysAgo(20));
    await settledOrder(seller.shopId, 5000, 4000, noonDaysAgo(3));
    await refundedOrder(seller.shopId, 3000, 2500, noonDaysAgo(3));
    await rewardOrPackage(seller.shopId, 'reward', 1888, noonDaysAgo(1));
    await rewardOrPackage(seller.shopId, 'package', 9900, noonDaysAgo(1));
    await settledOrder(seller.shopId, 7000, 5000);
    const w = (await requestWithdrawal(ctx.app, seller.token, '300')).body.data.id;
    await call(ctx.app, 'POST', `/api/ops/withdrawals/${w}/approve`, { token: ctx.operatorToken, body: {} });
    await call(ctx.app, 'POST', `/api/ops/withdrawals/${w}/complete`, { token: ctx.operatorToken, body: {} });
    await requestWithdrawal(ctx.app, seller.token, '100'); // pending: its fee is not booked yet

    const expected = await expectedFromStatements(seller, 0);
    const week = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { days: 7 } })).body.data;
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1).date).toBe(isoDay(new Date()));
    compare(week.days, expected);
    // The week leaves out the settlement 20 days ago; the month has it.
    // The purchase amount a refund returns is income, not negative spending.
    expect(week.totals).toEqual({ incomeCents: 5000 + 2500 + 1888 + 7000, spendingCents: 4000 + 2500 + 9900 + 5000, feeCents: 600, profitCents: 16_388 - 21_400 - 600 });
    const month = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { days: 30 } })).body.data;
    expect(month.days).toHaveLength(30);
    compare(month.days, expected);
    expect(month.totals.incomeCents).toBe(week.totals.incomeCents + 12_000);
    expect(month.totals.spendingCents).toBe(week.totals.spendingCents + 9000);
    for (const key of ['incomeCents', 'spendingCents', 'feeCents', 'profitCents'] as const) {
      expect(month.totals[key]).toBe(month.days.reduce((s: number, d: Day) => s + d[key], 0));
    }
    const range = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { from: isoDay(noonDaysAgo(3)), to: isoDay(noonDaysAgo(1)) } })).body.data;
    expect(range.days.map((d: Day) => d.date)).toEqual([3, 2, 1].map((n) => isoDay(noonDaysAgo(n))));
    compare(range.days, expected);
    expect(range.totals).toMatchObject({ incomeCents: 5000 + 2500 + 1888, spendingCents: 4000 + 2500 + 9900, feeCents: 0 });
  });

  it('never shows negative spending: a refund on a later day is income that day, a buyer paid back after settlement is spending', async () => {
    const seller = await newSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '100');
    // Purchased 3 days ago, refunded yesterday (the day with −1.27 spending and no bar).
    const o = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 160, purchaseAmountCents: 127 };
    await ctx.db.transaction(async (tx) => {
      await buyerPaid(tx, { ...o, at: noonDaysAgo(3) });
      await stockPurchased(tx, { ...o, at: noonDaysAgo(3) });
    });
    await ctx.db.transaction((tx) => refundApproved(tx, { ...o, at: noonDaysAgo(1) }));
    // Settled 2 days ago, then refunded today: the seller pays the buyer back from the balance.
    const s = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 500, purchaseAmountCents: 400 };
    await ctx.db.transaction(async (tx) => {
      await buyerPaid(tx, { ...s, at: noonDaysAgo(2) });
      await stockPurchased(tx, { ...s, at: noonDaysAgo(2) });
      await orderSettled(tx, { ...s, at: noonDaysAgo(2) });
    });
    await ctx.db.transaction((tx) => refundAfterSettlement(tx, { ...s, at: new Date() }));
    const report = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { days: 7 } })).body.data;
    const day = (n: number) => report.days.find((d: Day) => d.date === isoDay(noonDaysAgo(n)));
    for (const d of report.days as Day[]) {
      expect(d.spendingCents, d.date).toBeGreaterThanOrEqual(0);
      expect(d.incomeCents, d.date).toBeGreaterThanOrEqual(0);
    }
    expect(day(3)).toMatchObject({ incomeCents: 0, spendingCents: 127 });
    expect(day(1)).toMatchObject({ incomeCents: 127, spendingCents: 0, profitCents: 127 });
    expect(day(2)).toMatchObject({ incomeCents: 500, spendingCents: 400 });
    expect(report.days.at(-1)).toMatchObject({ incomeCents: 400, spendingCents: 500, profitCents: -100 });
    // The net over the week is unchanged: both orders were undone, so nothing was earned.
    expect(report.totals.profitCents).toBe(0);
  });

  it("cuts days at the seller's midnight (tzOffset)", async () => {
    const seller = await newSeller();
    const yesterday = isoDay(noonDaysAgo(1));
    // 23:30 UTC yesterday is already today in UTC+7, 00:30 UTC yesterday is still the day before in UTC−5.
    await rewardOrPackage(seller.shopId, 'reward', 1000, new Date(`${yesterday}T00:30:00.000Z`));
    await rewardOrPackage(seller.shopId, 'reward', 2000, new Date(`${yesterday}T23:30:00.000Z`));
    for (const tzOffset of [0, 420, -300]) {
      const report = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { days: 7, tzOffset } })).body.data;
      compare(report.days, await expectedFromStatements(seller, tzOffset));
    }
    const utc = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { from: yesterday, to: yesterday } })).body.data;
    expect(utc.totals.incomeCents).toBe(3000);
    const east = (await call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query: { from: yesterday, to: yesterday, tzOffset: 420 } })).body.data;
    expect(east.totals.incomeCents).toBe(1000);
  });

  it('does not depend on the database session time zone', async () => {
    // A PostgreSQL server configured for the sellers' region (not UTC) must give the same days.
    const zone = 'Asia/Tokyo';
    const previous = process.env.PGOPTIONS;
    process.env.PGOPTIONS = `-c TimeZone=${zone}`;
    const zoned = await createWalletTestApp();
    try {
      if (zoned.kind === 'pglite') await zoned.db.execute(sql.raw(`set time zone '${zone}'`));
      const shown = await zoned.db.execute(sql`show timezone`);
      const rows = ((shown as { rows?: { TimeZone: string }[] }).rows ?? (shown as unknown as { TimeZone: string }[]));
      expect(rows[0].TimeZone).toBe(zone);
      const seller = await createSeller(zoned.db);
      const token = await loginToken(zoned.app, seller.username, seller.password);
      const yesterday = isoDay(noonDaysAgo(1));
      await zoned.db.transaction((tx) =>
        transfer(tx, { key: 'tz:1', type: 'reward', from: platformAccount('reward_expense'), to: shopAccount(seller.shopId), amountCents: 4200, shopId: seller.shopId, at: new Date(`${yesterday}T20:00:00.000Z`) }),
      );
      const report = (await call(zoned.app, 'GET', '/api/finance/report', { token, query: { from: yesterday, to: yesterday } })).body.data;
      expect(report.totals.incomeCents).toBe(4200);
      const local = (await call(zoned.app, 'GET', '/api/finance/report', { token, query: { days: 7, tzOffset: 540 } })).body.data;
      expect(local.days.find((d: Day) => d.date === isoDay(new Date()))?.incomeCents).toBe(4200);
    } finally {
      if (previous === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = previous;
      await zoned.close();
    }
  });

  it('refuses a range over a year or reversed, and other day counts', async () => {
    const seller = await newSeller();
    const q = (query: Record<string, string | number>) => call(ctx.app, 'GET', '/api/finance/report', { token: seller.token, query });
    expect((await q({ from: '2024-01-01', to: '2025-06-01' })).status).toBe(400);
    expect((await q({ from: '2024-02-01', to: '2024-01-01' })).status).toBe(400);
    expect((await q({ days: 9 })).status).toBe(400);
    expect((await q({ from: '2024-01-01', to: '2024-01-01' })).body.data.days).toHaveLength(1);
  });
});
