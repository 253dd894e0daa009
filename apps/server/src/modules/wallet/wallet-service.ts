import { and, eq, gt, sql } from 'drizzle-orm';
import { HOUR_MS } from '@shopdesk/shared/time';
import { ORDER_CONDITIONS } from '@shopdesk/shared/orders/lifecycle';
import { MONEY, SHOP, WALLET } from '@shopdesk/shared/constants';
import { feeCents, parseAmountToCents } from '@shopdesk/shared/money';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deposits, orders, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { balanceOf, shopAccount } from '../ledger/ledger-service.ts';
import type { ReconcileCheck } from '../ledger/reconcile.ts';
import { orderConditionSql } from '../orders/order-lifecycle.ts';
import type { ScreenshotType } from './screenshot-file.ts';
import { discardScreenshot, SCREENSHOT_TYPES, storeScreenshot } from './screenshot-file.ts';
import { hashRequest, withIdempotency, type StoredAnswer } from '../ledger/idempotency.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';

export async function loadShop(db: Db, shopId: number) {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

/** Total earnings: the profit of every settled order that was not refunded (docs/decisions.md, "Wallet figures and funding records"). */
async function totalEarnings(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.profitCents}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), orderConditionSql(ORDER_CONDITIONS.settledSale)));
  return Number(row?.total ?? 0);
}

/**
 * Settlement still in its holding period: the sale amount of each settled, not refunded order of the
 * shop signed within the last `holdHours` (docs/decisions.md, "Settlement holding period"). It stays
 * in available (purchases may use it) but a withdrawal may not take it.
 */
export async function heldSettlementCents(db: DbOrTx, shopId: number, holdHours: number, now = new Date()): Promise<number> {
  if (holdHours <= 0) return 0;
  const since = new Date(now.getTime() - holdHours * HOUR_MS);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.amountCents}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), orderConditionSql(ORDER_CONDITIONS.settledSale), gt(orders.signedTime, since)));
  return Number(row?.total ?? 0);
}

/**
 * The reconcile check of the holding period: no withdrawal took settlement still in it. The shop's
 * available balance before the withdrawal, less the sale amounts of its orders signed within the hold
 * before it (settled, not refunded), covers the amount. Nothing to check without a hold.
 */
export function settlementHoldCheck(holdHours: number): ReconcileCheck {
  return async (db) => {
    if (holdHours <= 0) return [];
    const hold = `${holdHours} hours`;
    const early = rowsOf<{ id: string }>(
      await db.execute(sql`
        select w.id::text from withdrawals w
        join ledger_transfers t on t.idempotency_key = 'withdrawal:' || w.id || ':apply'
        join ledger_entries e on e.transfer_id = t.id and e.change_cents < 0
        where exists (select 1 from orders where orders.shop_id = w.shop_id and orders.signed_time is not null)
          and w.amount_cents > e.balance_before_cents - coalesce((
          select sum(orders.amount_cents) from orders
          where orders.shop_id = w.shop_id and ${orderConditionSql(ORDER_CONDITIONS.settledSale)}
            and orders.signed_time > t.created_at - ${hold}::interval and orders.signed_time <= t.created_at), 0)
        limit 20`),
    );
    return early.map((w) => `withdrawal ${w.id} took settlement still in its holding period`);
  };
}

/** What a withdrawal may take now: available less the held settlement (never below zero). */
export function withdrawableOf(availableCents: number, heldCents: number): number {
  return Math.max(0, availableCents - heldCents);
}

export async function walletSummary(db: Db, config: AppConfig, shopId: number): Promise<WalletSummary> {
  const shop = await loadShop(db, shopId);
  const [balances, totalEarningsCents, heldCents] = await Promise.all([accountBalances(db, shopId), totalEarnings(db, shopId), heldSettlementCents(db, shopId, config.settlementHoldHours)]);
  return {
    ...balances,
    heldCents: Math.min(heldCents, balances.availableCents),
    withdrawableCents: withdrawableOf(balances.availableCents, heldCents),
    totalEarningsCents,
    totalTopUpCents: shop.totalTopUpCents,
    creditScore: shop.creditScore,
    shopFrozen: shop.frozen,
    frozenReason: shop.frozenReason,
    withdrawPolicy: config.withdrawPolicy,
    depositMinCents: WALLET.DEPOSIT_MIN_CENTS,
    canWithdraw: !shop.frozen && shop.creditScore >= SHOP.CREDIT_WITHDRAW_MIN,
    creditWarning: shop.creditScore <= SHOP.CREDIT_WARNING_AT,
  };
}

/** What is available before a purchase (GET /api/order/getAccountBalance). */
export async function accountBalances(db: Db, shopId: number) {
  const [availableCents, frozenCents] = await Promise.all([balanceOf(db, shopAccount(shopId, 'available')), balanceOf(db, shopAccount(shopId, 'frozen'))]);
  return { availableCents, frozenCents, balanceCents: availableCents + frozenCents };
}

/** The platform's deposit address per configured network. */
export function depositAddresses(config: AppConfig) {
  return Object.entries(config.depositAddresses).map(([network, address]) => ({ currency: WALLET.CURRENCY, network, address }));
}

/** One deposit of the shop (NOT_FOUND for another shop's). */
export async function ownDeposit(db: Db, shopId: number, depositId: number) {
  const [deposit] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.shopId, shopId)));
  if (!deposit) throw new AppError('NOT_FOUND');
  return deposit;
}

const units = (cents: number) => (cents / 100).toLocaleString('en-US');

/** A typed amount (deposit, withdrawal) in cents: positive, at most 2 decimals, at most MONEY.AMOUNT_MAX_CENTS. */
export function parseAmount(raw: string | number): number {
  const cents = parseAmountToCents(raw);
  if (cents === null || cents <= 0) throw new AppError('INVALID_AMOUNT');
  if (cents > MONEY.AMOUNT_MAX_CENTS) throw new AppError('AMOUNT_ABOVE_MAX', { max: units(MONEY.AMOUNT_MAX_CENTS) });
  return cents;
}

/**
 * The deposit's network and amount, checked before anything is stored. Only the configured
 * networks' own keys count (a network named "constructor" or "__proto__" is not one).
 */
export function checkDepositInput(config: AppConfig, input: { network: string; amount: string | number }) {
  const address = Object.hasOwn(config.depositAddresses, input.network) ? config.depositAddresses[input.network] : undefined;
  if (typeof address !== 'string' || !address) throw new AppError('VALIDATION_FAILED');
  const amountCents = parseAmount(input.amount);
  if (amountCents < WALLET.DEPOSIT_MIN_CENTS) throw new AppError('AMOUNT_BELOW_MIN', { min: units(WALLET.DEPOSIT_MIN_CENTS) });
  return { address, amountCents };
}

/**
 * A deposit request: the network and amount are checked once, before the screenshot is written
 * (so refusals leave no orphan files), then the file is stored and the request row inserted.
 */
/**
 * Refuses a deposit request while the shop already has its allowance of requests waiting for the
 * operator: each one keeps a screenshot on disk until it is decided, so this bounds what a shop
 * can store.
 */
async function assertPendingRoom(db: Db, config: AppConfig, shopId: number) {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(deposits)
    .where(and(eq(deposits.shopId, shopId), eq(deposits.status, 'pending')));
  if ((row?.pending ?? 0) >= config.pendingDepositsPerShop) throw new AppError('DEPOSITS_PENDING_LIMIT', { count: config.pendingDepositsPerShop });
}

/**
 * A deposit request: checked, its screenshot stored, its row written. The pending allowance is
 * checked once before the file is written (most refusals store nothing) and again under the shop's
 * row lock, so a parallel burst cannot pass it together. Whatever fails after the file was written
 * removes the file again.
 */
async function createDeposit(
  db: Db,
  config: AppConfig,
  input: { shopId: number; userId?: number | null; network: string; amount: string | number; screenshot: { bytes: Buffer; type: ScreenshotType } },
) {
  const { address, amountCents } = checkDepositInput(config, input);
  await assertPendingRoom(db, config, input.shopId);
  const file = await storeScreenshot(config.uploadsDir, input.screenshot.bytes, input.screenshot.type);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId)).for('update');
      await assertPendingRoom(tx, config, input.shopId);
      const [row] = await tx
        .insert(deposits)
        .values({
          shopId: input.shopId,
          currency: WALLET.CURRENCY,
          network: input.network,
          address,
          amountCents,
          screenshotFile: file,
          screenshotType: SCREENSHOT_TYPES[input.screenshot.type].mime,
        })
        .returning();
      await recordActivity(tx, { shopId: input.shopId, userId: input.userId ?? null, action: 'deposit_applied', subject: String(row.id), detail: { amountCents, network: input.network } });
      return row;
    });
  } catch (error) {
    await discardUnusedScreenshot(db, config.uploadsDir, file);
    throw error;
  }
}

/**
 * Removes a stored screenshot that no deposit row names (its request failed or was refused after
 * the file was written). Asked of the database first: a commit that failed only in its answer may
 * still have kept the row, and then the file stays. If the database cannot answer, the file stays.
 */
async function discardUnusedScreenshot(db: Db, uploadsDir: string, file: string) {
  const named = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.screenshotFile, file))
    .limit(1)
    .catch(() => null);
  if (named && named.length === 0) await discardScreenshot(uploadsDir, file);
}

/**
 * A deposit request under its Idempotency-Key (ledger/idempotency.ts): a replay answers the first
 * answer and stores nothing; when the surrounding transaction fails after the deposit was written
 * (the key's answer could not be kept), the screenshot goes with it.
 */
export async function submitDeposit(
  db: Db,
  config: AppConfig,
  input: Parameters<typeof createDeposit>[2] & { idempotencyKey: string | undefined; fileHash: string },
  answer: (deposit: typeof deposits.$inferSelect) => StoredAnswer,
): Promise<StoredAnswer> {
  let written: string | null = null;
  try {
    return await withIdempotency(db, { scope: `deposit:${input.userId}`, key: input.idempotencyKey, requestHash: hashRequest([input.network, input.amount, input.fileHash]) }, async (tx) => {
      const deposit = await createDeposit(tx, config, input);
      written = deposit.screenshotFile;
      return answer(deposit);
    });
  } catch (error) {
    if (written) await discardUnusedScreenshot(db, config.uploadsDir, written);
    throw error;
  }
}

/** The withdrawal amount against the policy, with its fee and what arrives. */
export function checkWithdrawAmount(config: AppConfig, raw: string | number) {
  const amountCents = parseAmount(raw);
  const policy = config.withdrawPolicy;
  if (amountCents < policy.minCents) throw new AppError('AMOUNT_BELOW_MIN', { min: units(policy.minCents) });
  if (amountCents > policy.maxCents) throw new AppError('AMOUNT_ABOVE_MAX', { max: units(policy.maxCents) });
  const fee = feeCents(amountCents, policy.feeBp);
  return { amountCents, feeCents: fee, arrivalCents: amountCents - fee, feeRateBp: policy.feeBp };
}
