import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { ledgerAccounts } from '../../db/schema.ts';
import { metrics } from '../../lib/metrics.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * The one ledger (DESIGN §2). Every money movement in ShopDesk is a `transfer` between two
 * accounts inside the caller's SQL transaction: accounts locked in id order, a positive amount,
 * a unique idempotency key, and one entry per side recording the balance before and after.
 */
export const SHOP_ACCOUNT_KINDS = ['available', 'frozen'] as const;
export const PLATFORM_ACCOUNT_KINDS = [
  'deposits_clearing',
  'buyer_payments',
  'escrow',
  'supplier_payable',
  'payouts',
  'fee_revenue',
  'package_revenue',
  'reward_expense',
  // The mall: the demo's own source of buyer top-ups, and the platform's coupon budget.
  'demo_topups',
  'marketing',
] as const;

export type ShopAccountKind = (typeof SHOP_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
/** A mall buyer's wallet: `buyer:<id>:wallet`, never below zero. */
export type AccountRef = { shopId: number; kind: ShopAccountKind } | { platform: PlatformAccountKind } | { buyerId: number; kind: 'wallet' };

export const shopAccount = (shopId: number, kind: ShopAccountKind = 'available'): AccountRef => ({ shopId, kind });
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ platform: kind });
export const buyerWallet = (buyerId: number): AccountRef => ({ buyerId, kind: 'wallet' });

export function accountCode(ref: AccountRef): string {
  if ('platform' in ref) return `platform:${ref.platform}`;
  return 'buyerId' in ref ? `buyer:${ref.buyerId}:wallet` : `shop:${ref.shopId}:${ref.kind}`;
}

export interface TransferInput {
  /** Unique per movement, e.g. `withdrawal:42:apply`. A second call with the same key moves nothing. */
  key: string;
  type: string;
  from: AccountRef;
  to: AccountRef;
  amountCents: number;
  shopId?: number | null;
  /** The order number (orderId of the API), stored in ledger_transfers.order_no. */
  orderId?: string | null;
  refType?: string | null;
  refId?: number | null;
  remark?: string;
  /** Backdates the movement; only the demo seed replays history this way. */
  at?: Date;
}

export interface TransferResult {
  transferId: number;
  replayed: boolean;
}

function accountParams(ref: AccountRef) {
  if ('platform' in ref) return { code: accountCode(ref), shopId: null, kind: ref.platform, allowNegative: true };
  if ('buyerId' in ref) return { code: accountCode(ref), shopId: null, kind: 'buyer_wallet', allowNegative: false };
  return { code: accountCode(ref), shopId: ref.shopId, kind: ref.kind, allowNegative: false };
}

/**
 * The arguments of the SQL function `ledger_transfer` for one input, in its parameter order (also the
 * fields of `transferAll`'s JSON rows): refuses a bad amount and a transfer from an account to itself.
 */
function transferArgs(input: TransferInput) {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('INVALID_AMOUNT');
  const from = accountParams(input.from);
  const to = accountParams(input.to);
  if (from.code === to.code) throw new Error(`ledger: transfer ${input.key} from an account to itself`);
  return {
    key: input.key,
    type: input.type,
    from_code: from.code,
    from_shop: from.shopId,
    from_kind: from.kind,
    from_negative: from.allowNegative,
    to_code: to.code,
    to_shop: to.shopId,
    to_kind: to.kind,
    to_negative: to.allowNegative,
    amount: input.amountCents,
    shop: input.shopId ?? null,
    order_no: input.orderId ?? null,
    ref_type: input.refType ?? null,
    ref_id: input.refId ?? null,
    remark: input.remark ?? '',
    at: input.at ? input.at.toISOString() : null,
  };
}

/** One answer of `ledger_transfer`. */
type TransferRow = { transfer_id: string | number | null; outcome: string };

/** The answer of `ledger_transfer` for one transfer: refusals thrown as the errors of `transfer`. */
function transferResult(row: TransferRow, type: string): TransferResult {
  metrics.ledgerTransfer(type, row.outcome);
  if (row.outcome === 'insufficient') throw new AppError('INSUFFICIENT_BALANCE');
  if (row.outcome === 'key_reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { transferId: Number(row.transfer_id), replayed: row.outcome === 'replayed' };
}

/**
 * The call of `ledger_transfer`, built once: the text and its placeholders do not change, and
 * building the statement through the query builder on every transfer cost about as much
 * JavaScript time as the rest of a short transaction together.
 */
const transferCall = namedStatement('ledger_transfer', () => sql`select r.transfer_id, r.outcome from ledger_transfer(
  ${sql.placeholder('key')}, ${sql.placeholder('type')},
  ${sql.placeholder('from_code')}, ${sql.placeholder('from_shop')}::integer, ${sql.placeholder('from_kind')}, ${sql.placeholder('from_negative')}::boolean,
  ${sql.placeholder('to_code')}, ${sql.placeholder('to_shop')}::integer, ${sql.placeholder('to_kind')}, ${sql.placeholder('to_negative')}::boolean,
  ${sql.placeholder('amount')}::bigint, ${sql.placeholder('shop')}::integer, ${sql.placeholder('order_no')}::text, ${sql.placeholder('ref_type')}::text,
  ${sql.placeholder('ref_id')}::bigint, ${sql.placeholder('remark')}::text, ${sql.placeholder('at')}::timestamptz) r`);

/**
 * Moves money. Must run inside a transaction (`tx`); refuses with INSUFFICIENT_BALANCE when a
 * non-negative account would drop below zero, leaving the transaction free to roll back.
 * The work is one call of the SQL function `ledger_transfer` (migration 0001): one round trip.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  const a = transferArgs(input);
  // A named statement: each connection parses and plans the call once, not on every transfer.
  const [row] = rowsOf<TransferRow>(await transferCall(tx, a).catch(balanceBoundAsAppError));
  return transferResult(row!, input.type);
}

/** How many transfers one statement of `transferAll` carries (its JSON parameter stays well under a megabyte). */
const TRANSFERS_PER_STATEMENT = 1000;

/**
 * Many transfers in their order, each exactly as `transfer` would make it (the same SQL function
 * and rules), a thousand per round trip instead of one: for replaying a long history (the demo
 * seed's; docs/decisions.md, "Batched transfers for the demo history"). Must run inside a transaction; answers one result per
 * input, in order. A refusal is thrown as `transfer` throws it, and the caller's transaction must
 * then roll back, as after a flow of several transfers: the transfers of the call around the
 * refused one have moved. (No savepoint undoes them: a subtransaction updating the accounts its
 * transaction already locked or updated costs PostgreSQL a multixact per update, twice the time.)
 */
export async function transferAll(tx: Tx, inputs: readonly TransferInput[]): Promise<TransferResult[]> {
  const rows = inputs.map(transferArgs);
  // Every account of the call locked first, in id order: a call touching many accounts cannot deadlock with a flow.
  await lockAccounts(tx, inputs.flatMap((input) => [input.from, input.to]));
  const results: TransferResult[] = [];
  for (let i = 0; i < rows.length; i += TRANSFERS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + TRANSFERS_PER_STATEMENT);
    // The lateral call runs once per element, in the array's order (a nested loop over the recordset):
    // each transfer sees the balances the ones before it left.
    const answers = rowsOf<TransferRow>(
      await tx
        .execute(
          sql`select r.transfer_id, r.outcome
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as t(
              key text, type text, from_code text, from_shop integer, from_kind text, from_negative boolean,
              to_code text, to_shop integer, to_kind text, to_negative boolean,
              amount bigint, shop integer, order_no text, ref_type text, ref_id bigint, remark text, at timestamptz)
            cross join lateral ledger_transfer(t.key, t.type, t.from_code, t.from_shop, t.from_kind, t.from_negative,
              t.to_code, t.to_shop, t.to_kind, t.to_negative, t.amount, t.shop, t.order_no, t.ref_type, t.ref_id, t.remark, t.at) r`,
        )
        .catch(balanceBoundAsAppError),
    );
    if (answers.length !== chunk.length) throw new Error(`ledger: ${answers.length} answers to ${chunk.length} transfers`);
    for (const [j, answer] of answers.entries()) results.push(transferResult(answer, chunk[j]!.type));
  }
  return results;
}

function balanceBoundAsAppError(error: unknown): never {
  throw isBalanceBoundError(error) ? new AppError('BALANCE_LIMIT') : error;
}

/** The CHECK constraint that keeps every balance within ±MONEY.BALANCE_MAX_CENTS (migration 0008), as either driver reports it. */
function isBalanceBoundError(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '23514' && e.constraint === 'ledger_accounts_balance_bounded') return true;
  }
  return false;
}

export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.code, accountCode(ref)));
  return row?.balance ?? 0;
}

/**
 * Locks existing accounts in id order before a flow that makes several transfers, so two such
 * flows touching overlapping accounts (e.g. a refund and a settlement of the same shop) cannot
 * deadlock by taking their second pair in the opposite order. Accounts not created yet are
 * skipped (the transfer opens and locks them).
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
  const codes = [...new Set(refs.map(accountCode))];
  await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes)).orderBy(ledgerAccounts.id).for('update');
}
