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
import { deposits, orders, shops, withdrawalAddresses, withdrawals } from '../schema.ts';
import {
  type Movement,
  moveAll,
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
 * chronologically. The flows' movements go to the ledger together (moveAll): a few round trips
 * instead of one per transfer (about 2,900 of them; docs/decisions.md, "Batched transfers for the demo history").
 */
export async function seedMoneyHistory(tx: Tx, shopId: number, opening: { depositUnits: number; withPendingRequests: boolean }, files: SeedFiles = {}) {
  const events: { at: Date; movement: Movement }[] = [];
  const on = (at: Date, movement: Movement) => events.push({ at, movement });
  // The withdrawal address book: the address the history withdraws to, saved long ago (usable), and one saved an hour ago (in its cool-down).
  await tx.insert(withdrawalAddresses).values([
    { shopId, network: 'TRC20', address: SEED_WITHDRAWAL_ADDRESS, label: 'Main', createdAt: daysAgo(95) },
    { shopId, network: 'BEP20', address: '0x5eedB5cA11e7A11d2e55000000000000000000b2', label: 'New', createdAt: daysAgo(1 / 24) },
  ]);
  on(daysAgo(91), await approvedDeposit(tx, shopId, opening.depositUnits * 100, daysAgo(91), files));
  await orderEvents(tx, shopId, on);
  if (opening.withPendingRequests) {
    on(daysAgo(40), await approvedDeposit(tx, shopId, 1_500_00, daysAgo(40), files));
    for (const event of await completedWithdrawal(tx, shopId, 800_00, daysAgo(20))) on(event.at, event.movement);
  }
  // A stable sort: a withdrawal's apply stays before its completion, an order's steps in their order.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  await moveAll(tx, events.map((e) => e.movement));
  if (!opening.withPendingRequests) return;
  await tx.insert(deposits).values([
    { shopId, ...seedDeposit(files, 'TRC20'), amountCents: 300_00, createdAt: daysAgo(0.2) },
    { shopId, ...seedDeposit(files, 'ERC20'), amountCents: 50_00, status: 'rejected', rejectReason: 'The screenshot does not show the transfer.', decidedAt: daysAgo(9), createdAt: daysAgo(10) },
  ]);
}

/** An approved deposit's row (and the shop's top-up total); answers its money, moved in time order by the caller. */
async function approvedDeposit(tx: Tx, shopId: number, amountCents: number, at: Date, files: SeedFiles): Promise<Movement> {
  const [d] = await tx
    .insert(deposits)
    .values({ shopId, ...seedDeposit(files, 'TRC20'), amountCents, status: 'approved', decidedAt: at, createdAt: at })
    .returning();
  await tx.update(shops).set({ totalTopUpCents: sql`${shops.totalTopUpCents} + ${amountCents}` }).where(eq(shops.id, shopId));
  return depositApproved.plan({ ...d, at });
}

/** The demo shops' saved, usable withdrawal address (the browser tests withdraw to it). */
const SEED_WITHDRAWAL_ADDRESS = 'TXseedWalletAddress000000000001';

/** A completed withdrawal's row; answers its two moments of money (applied, then paid out two hours later). */
async function completedWithdrawal(tx: Tx, shopId: number, amountCents: number, at: Date): Promise<{ at: Date; movement: Movement }[]> {
  const fee = feeCents(amountCents, WALLET.WITHDRAW_FEE_BP);
  const completedAt = new Date(at.getTime() + 2 * 3600_000);
  const [w] = await tx
    .insert(withdrawals)
    .values({
      shopId,
      method: 'crypto',
      currency: WALLET.CURRENCY,
      network: 'TRC20',
      address: SEED_WITHDRAWAL_ADDRESS,
      amountCents,
      feeCents: fee,
      feeRateBp: WALLET.WITHDRAW_FEE_BP,
      arrivalCents: amountCents - fee,
      status: 'completed',
      completedAt,
      createdAt: at,
    })
    .returning();
  return [
    { at, movement: withdrawalApplied.plan({ ...w, at }) },
    { at: completedAt, movement: withdrawalCompleted.plan({ ...w, at: completedAt }) },
  ];
}

/** The money moments of each seeded order, by its statuses and times (docs/decisions.md, "Refunds"). */
async function orderEvents(tx: Tx, shopId: number, on: (at: Date, movement: Movement) => void) {
  const rows = await tx.select().from(orders).where(eq(orders.shopId, shopId)).orderBy(asc(orders.createdAt), asc(orders.id));
  for (const o of rows) {
    if (!o.payTime) continue;
    on(o.payTime, buyerPaid.plan({ ...o, at: o.payTime }));
    if (o.paymentStatus === 'cancelled') {
      const at = o.cancelTime ?? new Date(o.payTime.getTime() + 3600_000);
      on(at, (o.refundStatus === 'approved' ? refundedBeforePurchase : buyerCancelled).plan({ ...o, at }));
      continue;
    }
    if (o.purchaseStatus !== 'purchased' || !o.purchaseTime) continue;
    on(o.purchaseTime, stockPurchased.plan({ ...o, at: o.purchaseTime }));
    const settled = o.paymentStatus === 'completed' && o.signedTime;
    if (settled) on(o.signedTime!, orderSettled.plan({ ...o, at: o.signedTime! }));
    if (o.refundStatus === 'approved' && o.refundTime) {
      const at = o.refundTime;
      on(at, (settled ? refundAfterSettlement : refundApproved).plan({ ...o, at }));
    }
  }
}
