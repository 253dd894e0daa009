import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema.ts';
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
  // The mall (issue 13): the demo's own source of buyer top-ups, and the platform's coupon budget.
  'demo_topups',
  'marketing',
] as const;

export type ShopAccountKind = (typeof SHOP_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
/** A mall buyer's wallet (issue 13): `buyer:<id>:wallet`, never below zero. */
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
 * Moves money. Must run inside a transaction (`tx`); refuses with INSUFFICIENT_BALANCE when a
 * non-negative account would drop below zero, leaving the transaction free to roll back.
 * The work is one call of the SQL function `ledger_transfer` (migration 0001): one round trip.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('INVALID_AMOUNT');
  const from = accountParams(input.from);
  const to = accountParams(input.to);
  if (from.code === to.code) throw new Error(`ledger: transfer ${input.key} from an account to itself`);
  const [row] = rowsOf<{ transfer_id: string | number | null; outcome: string }>(
    await tx
      .execute(
        sql`select * from ledger_transfer(
      ${input.key}, ${input.type},
      ${from.code}, ${from.shopId}::integer, ${from.kind}, ${from.allowNegative},
      ${to.code}, ${to.shopId}::integer, ${to.kind}, ${to.allowNegative},
      ${input.amountCents}::bigint, ${input.shopId ?? null}::integer, ${input.orderId ?? null}::text, ${input.refType ?? null}::text,
      ${input.refId ?? null}::bigint, ${input.remark ?? ''}, ${input.at ? input.at.toISOString() : null}::timestamptz)`,
      )
      .catch((error: unknown) => {
        throw isBalanceBoundError(error) ? new AppError('BALANCE_LIMIT') : error;
      }),
  );
  if (row.outcome === 'insufficient') throw new AppError('INSUFFICIENT_BALANCE');
  if (row.outcome === 'key_reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { transferId: Number(row.transfer_id), replayed: row.outcome === 'replayed' };
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
