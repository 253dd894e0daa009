import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { WALLET } from '@shopdesk/shared/constants';
import { feeCents } from '@shopdesk/shared/money';
import { DAY_MS } from '@shopdesk/shared/time';
import { DEFAULT_DEPOSIT_ADDRESSES } from '../../config.ts';
import type { Tx } from '../client.ts';
import { receiptPng } from './receipt-image.ts';
import { deposits, orders, shops, withdrawals } from '../schema.ts';
import {
  buyerCancelled,
  buyerPaid,
  depositApproved,
  orderSettled,
  refundAfterSettlement,
  refundApproved,
  refundedBeforePurchase,
  stockPurchased,
  withdrawalApplied,
  withdrawalCompleted,
} from '../../modules/ledger/money-flows.ts';

/** Where seeded screenshots go; without it (tests) the seed stores names only. */
export interface SeedFiles {
  uploadsDir?: string;
}

/** A seeded deposit's screenshot: a locally drawn receipt PNG under a random name. */
function seedScreenshot(files: SeedFiles): string {
  const name = `${randomBytes(16).toString('hex')}.png`;
  if (files.uploadsDir) {
    const dir = path.join(files.uploadsDir, 'deposits');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), receiptPng());
  }
  return name;
}

function seedDeposit(files: SeedFiles, network: 'TRC20' | 'ERC20' | 'BEP20') {
  return { currency: WALLET.CURRENCY, network, address: DEFAULT_DEPOSIT_ADDRESSES[network], screenshotFile: seedScreenshot(files), screenshotType: 'image/png' };
}
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * Replays the demo history through the ledger in time order (every order's payment, purchase,
 * settlement, cancellation and refund, the deposits and the withdrawal), so every balance and
 * statement line of the demo shop is explained by a real transfer, and the statement reads
 * chronologically.
 */
export async function seedMoneyHistory(tx: Tx, shopId: number, opening: { depositUnits: number; withPendingRequests: boolean }, files: SeedFiles = {}) {
  const events: { at: Date; run: () => Promise<unknown> }[] = [];
  const on = (at: Date, run: () => Promise<unknown>) => events.push({ at, run });
  on(daysAgo(91), () => approvedDeposit(tx, shopId, opening.depositUnits * 100, daysAgo(91), files));
  await orderEvents(tx, shopId, on);
  if (opening.withPendingRequests) {
    on(daysAgo(40), () => approvedDeposit(tx, shopId, 1_500_00, daysAgo(40), files));
    on(daysAgo(20), () => completedWithdrawal(tx, shopId, 800_00, daysAgo(20)));
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) await event.run();
  if (!opening.withPendingRequests) return;
  await tx.insert(deposits).values([
    { shopId, ...seedDeposit(files, 'TRC20'), amountCents: 300_00, createdAt: daysAgo(0.2) },
    { shopId, ...seedDeposit(files, 'ERC20'), amountCents: 50_00, status: 'rejected', rejectReason: 'The screenshot does not show the transfer.', decidedAt: daysAgo(9), createdAt: daysAgo(10) },
  ]);
}

async function approvedDeposit(tx: Tx, shopId: number, amountCents: number, at: Date, files: SeedFiles) {
  const [d] = await tx
    .insert(deposits)
    .values({ shopId, ...seedDeposit(files, 'TRC20'), amountCents, status: 'approved', decidedAt: at, createdAt: at })
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

/** The money moments of each seeded order, by its statuses and times (docs/decisions.md, "Refunds"). */
async function orderEvents(tx: Tx, shopId: number, on: (at: Date, run: () => Promise<unknown>) => void) {
  const rows = await tx.select().from(orders).where(eq(orders.shopId, shopId)).orderBy(asc(orders.createdAt), asc(orders.id));
  for (const o of rows) {
    if (!o.payTime) continue;
    on(o.payTime, () => buyerPaid(tx, { ...o, at: o.payTime! }));
    if (o.paymentStatus === 'cancelled') {
      const at = o.cancelTime ?? new Date(o.payTime.getTime() + 3600_000);
      on(at, () => (o.refundStatus === 'approved' ? refundedBeforePurchase(tx, { ...o, at }) : buyerCancelled(tx, { ...o, at })));
      continue;
    }
    if (o.purchaseStatus !== 'purchased' || !o.purchaseTime) continue;
    on(o.purchaseTime, () => stockPurchased(tx, { ...o, at: o.purchaseTime! }));
    const settled = o.paymentStatus === 'completed' && o.signedTime;
    if (settled) on(o.signedTime!, () => orderSettled(tx, { ...o, at: o.signedTime! }));
    if (o.refundStatus === 'approved' && o.refundTime) {
      const at = o.refundTime;
      on(at, () => (settled ? refundAfterSettlement(tx, { ...o, at }) : refundApproved(tx, { ...o, at })));
    }
  }
}
