import { asc, eq, sql } from 'drizzle-orm';
import { WALLET } from '@shopdesk/shared/constants';
import { feeCents } from '@shopdesk/shared/money';
import type { Tx } from '../client.ts';
import { deposits, orders, shops, withdrawals } from '../schema.ts';
import {
  buyerCancelled,
  buyerPaid,
  depositApproved,
  orderSettled,
  refundApproved,
  stockPurchased,
  withdrawalApplied,
  withdrawalCompleted,
} from '../../modules/ledger/money-flows.ts';

const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * Replays the demo history through the ledger, oldest first, so every balance and statement
 * line of the demo shop is explained by a real transfer.
 */
export async function seedMoneyHistory(tx: Tx, shopId: number, opening: { depositUnits: number; withPendingRequests: boolean }) {
  await approvedDeposit(tx, shopId, opening.depositUnits * 100, daysAgo(91));
  await replayOrders(tx, shopId);
  if (!opening.withPendingRequests) return;
  await approvedDeposit(tx, shopId, 1_500_00, daysAgo(40));
  await completedWithdrawal(tx, shopId, 800_00, daysAgo(20));
  await tx.insert(deposits).values([
    { shopId, currency: WALLET.CURRENCY, network: 'TRC20', address: 'seed', amountCents: 300_00, screenshotFile: 'seed-missing.png', screenshotType: 'image/png', createdAt: daysAgo(0.2) },
    { shopId, currency: WALLET.CURRENCY, network: 'ERC20', address: 'seed', amountCents: 50_00, screenshotFile: 'seed-missing.png', screenshotType: 'image/png', status: 'rejected', rejectReason: 'The screenshot does not show the transfer.', decidedAt: daysAgo(9), createdAt: daysAgo(10) },
  ]);
}

async function approvedDeposit(tx: Tx, shopId: number, amountCents: number, at: Date) {
  const [d] = await tx
    .insert(deposits)
    .values({ shopId, currency: WALLET.CURRENCY, network: 'TRC20', address: 'seed', amountCents, screenshotFile: 'seed-missing.png', screenshotType: 'image/png', status: 'approved', decidedAt: at, createdAt: at })
    .returning();
  await depositApproved(tx, { ...d, at });
  await tx.update(shops).set({ totalTopUpCents: sql`${shops.totalTopUpCents} + ${amountCents}` }).where(eq(shops.id, shopId));
}

async function completedWithdrawal(tx: Tx, shopId: number, amountCents: number, at: Date) {
  const fee = feeCents(amountCents, WALLET.WITHDRAW_FEE_BP);
  const [w] = await tx
    .insert(withdrawals)
    .values({
      shopId,
      method: 'crypto',
      currency: WALLET.CURRENCY,
      network: 'TRC20',
      address: 'TXseedWalletAddress000000000001',
      amountCents,
      feeCents: fee,
      feeRateBp: WALLET.WITHDRAW_FEE_BP,
      arrivalCents: amountCents - fee,
      status: 'completed',
      completedAt: new Date(at.getTime() + 2 * 3600_000),
      createdAt: at,
    })
    .returning();
  await withdrawalApplied(tx, { ...w, at });
  await withdrawalCompleted(tx, { ...w, at: new Date(at.getTime() + 2 * 3600_000) });
}

async function replayOrders(tx: Tx, shopId: number) {
  const rows = await tx.select().from(orders).where(eq(orders.shopId, shopId)).orderBy(asc(orders.createdAt));
  for (const o of rows) {
    if (!o.payTime) continue;
    await buyerPaid(tx, { ...o, at: o.payTime });
    if (o.paymentStatus === 'cancelled') {
      await buyerCancelled(tx, { ...o, at: new Date(o.payTime.getTime() + 3600_000) });
      continue;
    }
    if (o.purchaseStatus !== 'purchased' || !o.purchaseTime) continue;
    await stockPurchased(tx, { ...o, at: o.purchaseTime });
    if (o.refundStatus === 'approved' && o.refundTime) {
      await refundApproved(tx, { ...o, at: o.refundTime });
      continue;
    }
    if (o.signedTime && o.paymentStatus === 'completed') await orderSettled(tx, { ...o, at: o.signedTime });
  }
}
