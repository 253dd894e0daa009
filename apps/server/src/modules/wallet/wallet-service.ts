import { and, eq, sql } from 'drizzle-orm';
import { decodePassword } from '@shopdesk/shared/auth/schemas';
import { SHOP, WALLET } from '@shopdesk/shared/constants';
import { feeCents, parseAmountToCents } from '@shopdesk/shared/money';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deposits, orders, shops, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyFundPassword } from '../auth/fund-password.ts';
import { balanceOf, shopAccount } from '../ledger/ledger-service.ts';
import { withdrawalApplied } from '../ledger/money-flows.ts';
import type { ScreenshotType } from './screenshot-file.ts';
import { SCREENSHOT_TYPES } from './screenshot-file.ts';

export async function loadShop(db: Db, shopId: number) {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

/** Total earnings: the profit of every settled order that was not refunded (docs/decisions.md). */
async function totalEarnings(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.profitCents}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.paymentStatus, 'completed'), sql`${orders.refundStatus} is distinct from 'approved'`));
  return Number(row?.total ?? 0);
}

export async function walletSummary(db: Db, config: AppConfig, shopId: number): Promise<WalletSummary> {
  const shop = await loadShop(db, shopId);
  const [availableCents, frozenCents, totalEarningsCents] = await Promise.all([
    balanceOf(db, shopAccount(shopId, 'available')),
    balanceOf(db, shopAccount(shopId, 'frozen')),
    totalEarnings(db, shopId),
  ]);
  return {
    balanceCents: availableCents + frozenCents,
    availableCents,
    frozenCents,
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

export function parseAmount(raw: string | number): number {
  const cents = parseAmountToCents(raw);
  if (cents === null || cents <= 0) throw new AppError('INVALID_AMOUNT');
  return cents;
}

const units = (cents: number) => (cents / 100).toLocaleString('en-US');

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

export async function createDeposit(
  db: Db,
  config: AppConfig,
  input: { shopId: number; network: string; amount: string | number; file: { name: string; type: ScreenshotType } },
) {
  const { address, amountCents } = checkDepositInput(config, input);
  const [row] = await db
    .insert(deposits)
    .values({
      shopId: input.shopId,
      currency: WALLET.CURRENCY,
      network: input.network,
      address,
      amountCents,
      screenshotFile: input.file.name,
      screenshotType: SCREENSHOT_TYPES[input.file.type].mime,
    })
    .returning();
  return row;
}

export interface WithdrawInput {
  shopId: number;
  userId: number;
  method: 'crypto' | 'bank';
  network: string;
  address: string;
  amount: string | number;
  fundPassword: string;
  fullName?: string;
}

function checkWithdrawAmount(config: AppConfig, raw: string | number) {
  const amountCents = parseAmount(raw);
  const policy = config.withdrawPolicy;
  if (amountCents < policy.minCents) throw new AppError('AMOUNT_BELOW_MIN', { min: units(policy.minCents) });
  if (amountCents > policy.maxCents) throw new AppError('AMOUNT_ABOVE_MAX', { max: units(policy.maxCents) });
  const fee = feeCents(amountCents, policy.feeBp);
  return { amountCents, feeCents: fee, arrivalCents: amountCents - fee, feeRateBp: policy.feeBp };
}

/**
 * Applies for a withdrawal: every rule first (method, address, amount, frozen shop, credit,
 * fund password), then available → frozen in the same transaction as the request row.
 */
export async function applyWithdrawal(db: Db, config: AppConfig, input: WithdrawInput) {
  if (input.method !== 'crypto') throw new AppError('WITHDRAW_METHOD_UNSUPPORTED');
  if (!(WALLET.NETWORKS as readonly string[]).includes(input.network) || input.address.length < 10) throw new AppError('VALIDATION_FAILED');
  const money = checkWithdrawAmount(config, input.amount);
  const shop = await loadShop(db, input.shopId);
  if (shop.frozen) throw new AppError('SHOP_FROZEN');
  if (shop.creditScore < SHOP.CREDIT_WITHDRAW_MIN) throw new AppError('CREDIT_TOO_LOW');
  const fundPassword = decodePassword(input.fundPassword);
  if (fundPassword === null) throw new AppError('VALIDATION_FAILED');
  await verifyFundPassword(db, input.userId, fundPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({ shopId: input.shopId, method: 'crypto', currency: WALLET.CURRENCY, network: input.network, address: input.address, fullName: input.fullName ?? '', ...money })
      .returning();
    await withdrawalApplied(tx, row);
    return row;
  });
}
