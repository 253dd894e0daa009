import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { ORDERS, WALLET } from '@shopdesk/shared/constants';
import { centsToDecimal } from '@shopdesk/shared/money';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { FinanceReportQuery, PaymentHistoryQuery, TransactionsQuery } from '@shopdesk/shared/wallet/schemas';
import { DAY_MS, localDayEnd, localDayStart, MINUTE_MS, utcDayStart } from '@shopdesk/shared/time';
import type { FinanceDay, TransactionLine, PaymentHistoryLine } from '@shopdesk/shared/wallet/transactions';
import type { Db } from '../../db/client.ts';
import { deposits, ledgerAccounts, ledgerEntries, ledgerTransfers, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvExport } from '../../lib/csv.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { accountCode, shopAccount } from '../ledger/ledger-service.ts';


function transactionFilters(accountId: number, q: TransactionsQuery): SQL {
  const parts: SQL[] = [eq(ledgerEntries.accountId, accountId)];
  if (q.type) parts.push(eq(ledgerTransfers.type, q.type));
  if (q.orderId) parts.push(eq(ledgerTransfers.orderNo, q.orderId.trim()));
  if (q.from) parts.push(gte(ledgerEntries.createdAt, localDayStart(q.from, q.tzOffset)));
  if (q.to) parts.push(lt(ledgerEntries.createdAt, localDayEnd(q.to, q.tzOffset)));
  return and(...parts)!;
}

async function availableAccountId(db: Db, shopId: number): Promise<number | null> {
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, accountCode(shopAccount(shopId))));
  return row?.id ?? null;
}

function toLine(row: {
  id: number;
  type: string;
  before: number;
  change: number;
  after: number;
  createdAt: Date;
  orderId: string | null;
  remark: string;
  refType: string | null;
  refId: number | null;
  withdrawalStatus: string | null;
  withdrawalFee: number | null;
  withdrawalArrival: number | null;
}): TransactionLine {
  const isDeposit = row.refType === 'deposit';
  return {
    serialNo: `LE${String(row.id).padStart(10, '0')}`,
    type: row.type,
    balanceBeforeCents: row.before,
    changeCents: row.change,
    balanceAfterCents: row.after,
    createdAt: row.createdAt.toISOString(),
    orderId: row.orderId,
    remark: row.remark,
    voucherUrl: isDeposit ? `/api/wallet/deposits/${row.refId}/screenshot` : null,
    status: row.type === 'withdraw_apply' && row.withdrawalStatus ? row.withdrawalStatus : 'completed',
    // The line a seller reads as "withdrawal applied" carries what the wallet page shows of it.
    withdrawal: row.type === 'withdraw_apply' && row.withdrawalFee !== null && row.withdrawalArrival !== null ? { feeCents: row.withdrawalFee, arrivalCents: row.withdrawalArrival } : null,
  };
}

/** Funding records: one line per ledger entry on the shop's available account. */
export async function transactionsPage(db: Db, shopId: number, q: TransactionsQuery & { page: number; pageSize: number }, all = false) {
  const accountId = await availableAccountId(db, shopId);
  if (accountId === null) return { list: [] as TransactionLine[], total: 0, page: q.page, pageSize: q.pageSize };
  const where = transactionFilters(accountId, q);
  const query = db
    .select({
      id: ledgerEntries.id,
      type: ledgerTransfers.type,
      before: ledgerEntries.balanceBeforeCents,
      change: ledgerEntries.changeCents,
      after: ledgerEntries.balanceAfterCents,
      createdAt: ledgerEntries.createdAt,
      orderId: ledgerTransfers.orderNo,
      remark: ledgerTransfers.remark,
      refType: ledgerTransfers.refType,
      refId: ledgerTransfers.refId,
      withdrawalStatus: withdrawals.status,
      withdrawalFee: withdrawals.feeCents,
      withdrawalArrival: withdrawals.arrivalCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .leftJoin(withdrawals, and(eq(ledgerTransfers.refType, 'withdrawal'), eq(withdrawals.id, ledgerTransfers.refId)))
    .where(where)
    .orderBy(desc(ledgerEntries.id));
  const rows = all ? await query.limit(ORDERS.EXPORT_MAX_ROWS) : await query.limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);
  return { list: rows.map(toLine), total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

function depositHistoryLine(d: typeof deposits.$inferSelect): PaymentHistoryLine {
  return {
    kind: 'deposit',
    id: d.id,
    amountCents: d.amountCents,
    feeCents: 0,
    arrivalCents: d.amountCents,
    currency: d.currency,
    network: d.network,
    address: d.address,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.decidedAt?.toISOString() ?? null,
    remark: d.rejectReason,
    voucherUrl: `/api/wallet/deposits/${d.id}/screenshot`,
    payoutTxHash: null,
  };
}

function withdrawalHistoryLine(w: typeof withdrawals.$inferSelect): PaymentHistoryLine {
  return {
    kind: 'withdrawal',
    id: w.id,
    amountCents: w.amountCents,
    feeCents: w.feeCents,
    arrivalCents: w.arrivalCents,
    currency: w.currency,
    network: w.network,
    address: w.address,
    status: w.status,
    createdAt: w.createdAt.toISOString(),
    completedAt: w.completedAt?.toISOString() ?? null,
    remark: w.remark,
    voucherUrl: null,
    payoutTxHash: w.payoutTxHash,
  };
}

/** One deposit or withdrawal of the shop; another shop's answers NOT_FOUND. */
export async function ownPaymentHistoryLine(db: Db, shopId: number, kind: 'deposit' | 'withdrawal', id: number): Promise<PaymentHistoryLine> {
  if (kind === 'deposit') {
    const [d] = await db.select().from(deposits).where(and(eq(deposits.id, id), eq(deposits.shopId, shopId)));
    if (d) return depositHistoryLine(d);
  } else {
    const [w] = await db.select().from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.shopId, shopId)));
    if (w) return withdrawalHistoryLine(w);
  }
  throw new AppError('NOT_FOUND');
}

/** Payment history: the deposit and withdrawal requests, newest first, merged. */
export async function paymentHistoryPage(db: Db, shopId: number, q: PaymentHistoryQuery & { page: number; pageSize: number; kind: string }) {
  const range = (col: typeof deposits.createdAt | typeof withdrawals.createdAt) => {
    const parts: SQL[] = [];
    if (q.from) parts.push(gte(col, localDayStart(q.from, q.tzOffset)));
    if (q.to) parts.push(lt(col, localDayEnd(q.to, q.tzOffset)));
    return parts;
  };
  const depositWhere = and(eq(deposits.shopId, shopId), ...(q.status ? [eq(deposits.status, q.status as 'pending')] : []), ...range(deposits.createdAt));
  const withdrawalWhere = and(eq(withdrawals.shopId, shopId), ...(q.status ? [eq(withdrawals.status, q.status as 'pending')] : []), ...range(withdrawals.createdAt));
  const wantDeposits = q.kind !== 'withdrawal';
  const wantWithdrawals = q.kind !== 'deposit';
  const limit = q.page * q.pageSize;
  const [depositRows, withdrawalRows, depositCount, withdrawalCount] = await Promise.all([
    wantDeposits ? db.select().from(deposits).where(depositWhere).orderBy(desc(deposits.createdAt)).limit(limit) : [],
    wantWithdrawals ? db.select().from(withdrawals).where(withdrawalWhere).orderBy(desc(withdrawals.createdAt)).limit(limit) : [],
    wantDeposits ? db.select({ n: count() }).from(deposits).where(depositWhere) : [{ n: 0 }],
    wantWithdrawals ? db.select({ n: count() }).from(withdrawals).where(withdrawalWhere) : [{ n: 0 }],
  ]);
  const merged: PaymentHistoryLine[] = [
    ...depositRows.map(depositHistoryLine),
    ...withdrawalRows.map(withdrawalHistoryLine),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const start = (q.page - 1) * q.pageSize;
  return { list: merged.slice(start, start + q.pageSize), total: Number(depositCount[0].n) + Number(withdrawalCount[0].n), page: q.page, pageSize: q.pageSize };
}

/**
 * Statement types counted as income and spending in the finance report (docs/decisions.md, "Finance
 * report"). Each side is gross, so neither can go below zero: money in is income
 * (a sale settled, a reward, a purchase amount returned by a refund), money out is spending (a
 * stock purchase, a package, a buyer paid back from the balance after settlement). A purchase
 * refund used to be netted into spending, which made a day with a refund and no purchase negative.
 */
export const REPORT_INCOME_TYPES = ['settlement', 'reward', 'refund_purchase'] as const;
export const REPORT_SPENDING_TYPES = ['purchase', 'package', 'refund_buyer'] as const;

function reportRange(q: FinanceReportQuery & { tzOffset: number }, now = new Date()) {
  const localToday = new Date(now.getTime() + q.tzOffset * MINUTE_MS).toISOString().slice(0, 10);
  const to = q.to ?? localToday;
  const from = q.from ?? new Date(utcDayStart(to).getTime() - ((q.days ?? 7) - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = Math.round((utcDayStart(to).getTime() - utcDayStart(from).getTime()) / DAY_MS) + 1;
  if (days < 1 || days > WALLET.REPORT_MAX_DAYS) throw new AppError('VALIDATION_FAILED');
  return { from, days, startUtc: localDayStart(from, q.tzOffset), endUtc: localDayEnd(to, q.tzOffset) };
}


/** Income, spending, fees and profit per day, each traceable to statement lines. */
export async function financeReport(db: Db, shopId: number, q: FinanceReportQuery & { tzOffset: number }) {
  const range = reportRange(q);
  const offset = `${q.tzOffset} minutes`;
  // Days are cut in UTC + tzOffset: `at time zone 'UTC'` first, so the server session's TimeZone never shifts them.
  const accountCodeValue = accountCode(shopAccount(shopId));
  const perDay = rowsOf<{ day: string; type: string; total: string }>(
    await db.execute(sql`
      select to_char((e.created_at at time zone 'UTC') + ${offset}::interval, 'YYYY-MM-DD') as day, t.type, sum(e.change_cents)::text as total
      from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      join ledger_accounts a on a.id = e.account_id
      where a.code = ${accountCodeValue} and e.created_at >= ${range.startUtc.toISOString()} and e.created_at < ${range.endUtc.toISOString()}
      group by 1, 2`),
  );
  const fees = rowsOf<{ day: string; total: string }>(
    await db.execute(sql`
      select to_char((created_at at time zone 'UTC') + ${offset}::interval, 'YYYY-MM-DD') as day, sum(amount_cents)::text as total
      from ledger_transfers
      where shop_id = ${shopId} and type = 'withdraw_fee' and created_at >= ${range.startUtc.toISOString()} and created_at < ${range.endUtc.toISOString()}
      group by 1`),
  );
  const days: FinanceDay[] = Array.from({ length: range.days }, (_, i) => {
    const date = new Date(utcDayStart(range.from).getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const sumOf = (types: readonly string[]) => perDay.filter((r) => r.day === date && types.includes(r.type)).reduce((s, r) => s + Number(r.total), 0);
    const incomeCents = sumOf(REPORT_INCOME_TYPES);
    const spendingCents = -sumOf(REPORT_SPENDING_TYPES);
    const feeCents = fees.filter((r) => r.day === date).reduce((s, r) => s + Number(r.total), 0);
    return { date, incomeCents, spendingCents, feeCents, profitCents: incomeCents - spendingCents - feeCents };
  });
  const totals = days.reduce(
    (t, d) => ({
      incomeCents: t.incomeCents + d.incomeCents,
      spendingCents: t.spendingCents + d.spendingCents,
      feeCents: t.feeCents + d.feeCents,
      profitCents: t.profitCents + d.profitCents,
    }),
    { incomeCents: 0, spendingCents: 0, feeCents: 0, profitCents: 0 },
  );
  return { from: range.from, days, totals };
}

/** The filtered transactions as CSV, in the reader's language and time zone (GET /api/wallet/transactions/export). */
export async function transactionsCsv(db: Db, shopId: number, q: Parameters<typeof transactionsPage>[2], lang: LanguageCode): Promise<string> {
  const { list } = await transactionsPage(db, shopId, q, true);
  return csvExport({ lang, tzOffset: q.tzOffset }, list, ({ h, time, word, remark }) => [
    [h.serialNo, (l) => l.serialNo],
    [h.changeType, (l) => word('transactionType', l.type)],
    [h.balanceBefore, (l) => centsToDecimal(l.balanceBeforeCents)],
    [h.change, (l) => centsToDecimal(l.changeCents)],
    [h.balanceAfter, (l) => centsToDecimal(l.balanceAfterCents)],
    [h.fee, (l) => (l.withdrawal ? centsToDecimal(l.withdrawal.feeCents) : null)],
    [h.arrival, (l) => (l.withdrawal ? centsToDecimal(l.withdrawal.arrivalCents) : null)],
    [h.time, (l) => time(l.createdAt)],
    [h.orderId, (l) => l.orderId],
    [h.remark, (l) => remark(l.remark)],
    [h.status, (l) => word('recordStatus', l.status)],
  ]);
}

/** The filtered payment history as CSV, in the reader's language and time zone (GET /api/wallet/paymentHistory/export). */
export async function paymentHistoryCsv(db: Db, shopId: number, q: Parameters<typeof paymentHistoryPage>[2], lang: LanguageCode): Promise<string> {
  const { list } = await paymentHistoryPage(db, shopId, { ...q, page: 1, pageSize: ORDERS.EXPORT_MAX_ROWS });
  return csvExport({ lang, tzOffset: q.tzOffset }, list, ({ h, time, word }) => [
    [h.kind, (w) => word('paymentKind', w.kind)],
    [h.recordId, (w) => w.id],
    [h.amount, (w) => centsToDecimal(w.amountCents)],
    [h.fee, (w) => centsToDecimal(w.feeCents)],
    [h.arrival, (w) => centsToDecimal(w.arrivalCents)],
    [h.currency, (w) => w.currency],
    [h.network, (w) => w.network],
    [h.address, (w) => w.address],
    [h.status, (w) => word('recordStatus', w.status)],
    [h.applyTime, (w) => time(w.createdAt)],
    [h.completedTime, (w) => time(w.completedAt)],
    [h.remark, (w) => w.remark],
  ]);
}
