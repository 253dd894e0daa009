import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FinanceReportQuery, RecordsQuery, TransactionsQuery } from '@shopdesk/shared/wallet/schemas';
import type { StatementLine, WalletRecord } from '@shopdesk/shared/wallet/statement';
import type { Db } from '../../db/client.ts';
import { deposits, ledgerAccounts, ledgerEntries, ledgerTransfers, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountCode, shopAccount } from '../ledger/ledger-service.ts';

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);
/** The seller's local midnight (tzOffset minutes east of UTC) as a UTC instant. */
const localDayStart = (date: string, tzOffset = 0) => new Date(dayStart(date).getTime() - tzOffset * 60_000);
const localDayAfter = (date: string, tzOffset = 0) => new Date(dayAfter(date).getTime() - tzOffset * 60_000);

function statementFilters(accountId: number, q: TransactionsQuery): SQL {
  const parts: SQL[] = [eq(ledgerEntries.accountId, accountId)];
  if (q.type) parts.push(eq(ledgerTransfers.type, q.type));
  if (q.orderNo) parts.push(eq(ledgerTransfers.orderNo, q.orderNo.trim()));
  if (q.from) parts.push(gte(ledgerEntries.createdAt, localDayStart(q.from, q.tzOffset)));
  if (q.to) parts.push(lt(ledgerEntries.createdAt, localDayAfter(q.to, q.tzOffset)));
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
  orderNo: string | null;
  remark: string;
  refType: string | null;
  refId: number | null;
  withdrawalStatus: string | null;
}): StatementLine {
  const isDeposit = row.refType === 'deposit';
  return {
    serialNo: `LE${String(row.id).padStart(10, '0')}`,
    type: row.type,
    balanceBeforeCents: row.before,
    changeCents: row.change,
    balanceAfterCents: row.after,
    createdAt: row.createdAt.toISOString(),
    orderNo: row.orderNo,
    remark: row.remark,
    voucherUrl: isDeposit ? `/api/wallet/deposits/${row.refId}/screenshot` : null,
    status: row.type === 'withdraw_apply' && row.withdrawalStatus ? row.withdrawalStatus : 'completed',
  };
}

/** Funding records: one line per ledger entry on the shop's available account. */
export async function statementPage(db: Db, shopId: number, q: TransactionsQuery & { page: number; pageSize: number }, all = false) {
  const accountId = await availableAccountId(db, shopId);
  if (accountId === null) return { list: [] as StatementLine[], total: 0, page: q.page, pageSize: q.pageSize };
  const where = statementFilters(accountId, q);
  const query = db
    .select({
      id: ledgerEntries.id,
      type: ledgerTransfers.type,
      before: ledgerEntries.balanceBeforeCents,
      change: ledgerEntries.changeCents,
      after: ledgerEntries.balanceAfterCents,
      createdAt: ledgerEntries.createdAt,
      orderNo: ledgerTransfers.orderNo,
      remark: ledgerTransfers.remark,
      refType: ledgerTransfers.refType,
      refId: ledgerTransfers.refId,
      withdrawalStatus: withdrawals.status,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .leftJoin(withdrawals, and(eq(ledgerTransfers.refType, 'withdrawal'), eq(withdrawals.id, ledgerTransfers.refId)))
    .where(where)
    .orderBy(desc(ledgerEntries.id));
  const rows = all ? await query.limit(50_000) : await query.limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);
  return { list: rows.map(toLine), total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

function depositRecord(d: typeof deposits.$inferSelect): WalletRecord {
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
  };
}

function withdrawalRecord(w: typeof withdrawals.$inferSelect): WalletRecord {
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
  };
}

/** One deposit or withdrawal of the shop; another shop's answers NOT_FOUND. */
export async function ownRecord(db: Db, shopId: number, kind: 'deposit' | 'withdrawal', id: number): Promise<WalletRecord> {
  if (kind === 'deposit') {
    const [d] = await db.select().from(deposits).where(and(eq(deposits.id, id), eq(deposits.shopId, shopId)));
    if (d) return depositRecord(d);
  } else {
    const [w] = await db.select().from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.shopId, shopId)));
    if (w) return withdrawalRecord(w);
  }
  throw new AppError('NOT_FOUND');
}

/** Deposit and withdrawal records, newest first, merged. */
export async function recordsPage(db: Db, shopId: number, q: RecordsQuery & { page: number; pageSize: number; kind: string }) {
  const range = (col: typeof deposits.createdAt | typeof withdrawals.createdAt) => {
    const parts: SQL[] = [];
    if (q.from) parts.push(gte(col, localDayStart(q.from, q.tzOffset)));
    if (q.to) parts.push(lt(col, localDayAfter(q.to, q.tzOffset)));
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
  const merged: WalletRecord[] = [
    ...depositRows.map(depositRecord),
    ...withdrawalRows.map(withdrawalRecord),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const start = (q.page - 1) * q.pageSize;
  return { list: merged.slice(start, start + q.pageSize), total: Number(depositCount[0].n) + Number(withdrawalCount[0].n), page: q.page, pageSize: q.pageSize };
}

export interface FinanceDay {
  date: string;
  incomeCents: number;
  spendingCents: number;
  feeCents: number;
  profitCents: number;
}

/** Statement types counted as income and spending in the finance report (docs/decisions.md). */
// refund_buyer reaches a shop's available account only when a settled order is refunded (the
// seller pays the buyer back), so it counts as negative income.
export const REPORT_INCOME_TYPES = ['settlement', 'reward', 'refund_buyer'] as const;
export const REPORT_SPENDING_TYPES = ['purchase', 'refund_purchase', 'package'] as const;

function reportRange(q: FinanceReportQuery & { tzOffset: number }, now = new Date()) {
  const shift = q.tzOffset * 60_000;
  const localToday = new Date(now.getTime() + shift).toISOString().slice(0, 10);
  const to = q.to ?? localToday;
  const from = q.from ?? new Date(dayStart(to).getTime() - ((q.days ?? 7) - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
  if (days < 1 || days > 366) throw new AppError('VALIDATION_FAILED');
  return { from, days, startUtc: new Date(dayStart(from).getTime() - shift), endUtc: new Date(dayAfter(to).getTime() - shift) };
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

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
    const date = new Date(dayStart(range.from).getTime() + i * DAY_MS).toISOString().slice(0, 10);
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
