import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

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
] as const;

export type ShopAccountKind = (typeof SHOP_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type AccountRef = { shopId: number; kind: ShopAccountKind } | { platform: PlatformAccountKind };

export const shopAccount = (shopId: number, kind: ShopAccountKind = 'available'): AccountRef => ({ shopId, kind });
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ platform: kind });

export function accountCode(ref: AccountRef): string {
  return 'platform' in ref ? `platform:${ref.platform}` : `shop:${ref.shopId}:${ref.kind}`;
}

/** Finds or opens an account. Shop accounts can never go negative; platform accounts can. */
export async function ensureAccount(db: DbOrTx, ref: AccountRef): Promise<number> {
  const code = accountCode(ref);
  const [existing] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  if (existing) return existing.id;
  const isPlatform = 'platform' in ref;
  await db
    .insert(ledgerAccounts)
    .values({ code, shopId: isPlatform ? null : ref.shopId, kind: isPlatform ? ref.platform : ref.kind, allowNegative: isPlatform })
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row.id;
}

export interface TransferInput {
  /** Unique per movement, e.g. `withdrawal:42:apply`. A second call with the same key moves nothing. */
  key: string;
  type: string;
  from: AccountRef;
  to: AccountRef;
  amountCents: number;
  shopId?: number | null;
  orderNo?: string | null;
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

type Transfer = typeof ledgerTransfers.$inferSelect;

function sameMovement(existing: Transfer, fromId: number, toId: number, amountCents: number): boolean {
  return existing.fromAccountId === fromId && existing.toAccountId === toId && existing.amountCents === amountCents;
}

/**
 * Moves money. Must run inside a transaction (`tx`); refuses with INSUFFICIENT_BALANCE when a
 * non-negative account would drop below zero, leaving the transaction free to roll back.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('INVALID_AMOUNT');
  const fromId = await ensureAccount(tx, input.from);
  const toId = await ensureAccount(tx, input.to);
  if (fromId === toId) throw new Error(`ledger: transfer ${input.key} from an account to itself`);

  const locked = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [fromId, toId]))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const [already] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, input.key));
  if (already) {
    if (!sameMovement(already, fromId, toId, input.amountCents)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { transferId: already.id, replayed: true };
  }
  const from = locked.find((a) => a.id === fromId)!;
  const to = locked.find((a) => a.id === toId)!;
  if (!from.allowNegative && from.balanceCents < input.amountCents) throw new AppError('INSUFFICIENT_BALANCE');

  const [row] = await tx
    .insert(ledgerTransfers)
    .values({
      idempotencyKey: input.key,
      type: input.type,
      fromAccountId: fromId,
      toAccountId: toId,
      amountCents: input.amountCents,
      shopId: input.shopId ?? null,
      orderNo: input.orderNo ?? null,
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      remark: input.remark ?? '',
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: ledgerTransfers.id });
  await post(tx, row.id, from, -input.amountCents, input.at);
  await post(tx, row.id, to, input.amountCents, input.at);
  return { transferId: row.id, replayed: false };
}

async function post(tx: Tx, transferId: number, account: typeof ledgerAccounts.$inferSelect, changeCents: number, at?: Date) {
  const [updated] = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${changeCents}` })
    .where(eq(ledgerAccounts.id, account.id))
    .returning({ balance: ledgerAccounts.balanceCents });
  await tx.insert(ledgerEntries).values({
    transferId,
    accountId: account.id,
    changeCents,
    balanceBeforeCents: updated.balance - changeCents,
    balanceAfterCents: updated.balance,
    ...(at ? { createdAt: at } : {}),
  });
}

export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.code, accountCode(ref)));
  return row?.balance ?? 0;
}
