import fs from 'node:fs/promises';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { WALLET } from '@shopdesk/shared/constants';
import { MALL } from '@shopdesk/shared/mall/schemas';
import { checkWithdrawAddress } from '@shopdesk/shared/wallet/address-rule';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { buyerDeposits, buyers, ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountCode, buyerWallet, platformAccount } from '../ledger/ledger-service.ts';
import { buyerDepositApproved } from '../ledger/money-flows.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { checkDepositInput } from '../wallet/wallet-service.ts';
import { SCREENSHOT_TYPES, screenshotPath, storeScreenshot, type ScreenshotType } from '../wallet/screenshot-file.ts';

/**
 * A buyer's deposit request, shaped like a shop's: network, amount, the payment screenshot, and the
 * address the money came from (the operator matches it on the chain; a shop's own withdrawal address
 * here marks the buyer as the shop itself). Checked before the file is written; at most
 * MALL.PENDING_DEPOSITS_MAX wait at once per buyer, counted under the buyer's row lock.
 */
export async function createBuyerDeposit(
  db: Db,
  config: AppConfig,
  input: { buyerId: number; network: string; amount: string; fromAddress: string; screenshot: { bytes: Buffer; type: ScreenshotType } },
) {
  const { address, amountCents } = checkDepositInput(config, input);
  const from = checkWithdrawAddress(input.fromAddress);
  if (!from.ok) throw new AppError('VALIDATION_FAILED');
  await assertPendingRoom(db, input.buyerId);
  const file = await storeScreenshot(config.uploadsDir, input.screenshot.bytes, input.screenshot.type);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, input.buyerId)).for('update');
      await assertPendingRoom(tx, input.buyerId);
      const [row] = await tx
        .insert(buyerDeposits)
        .values({
          buyerId: input.buyerId,
          currency: WALLET.CURRENCY,
          network: input.network,
          address,
          fromAddress: from.address,
          amountCents,
          screenshotFile: file,
          screenshotType: SCREENSHOT_TYPES[input.screenshot.type].mime,
        })
        .returning();
      return toRow(row);
    });
  } catch (error) {
    // A refused request leaves no file behind.
    await fs.rm(screenshotPath(config.uploadsDir, file), { force: true });
    throw error;
  }
}

async function assertPendingRoom(db: DbOrTx, buyerId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(buyerDeposits)
    .where(and(eq(buyerDeposits.buyerId, buyerId), eq(buyerDeposits.status, 'pending')));
  if (n >= MALL.PENDING_DEPOSITS_MAX) throw new AppError('DEPOSITS_PENDING_LIMIT', { count: MALL.PENDING_DEPOSITS_MAX });
}

type BuyerDepositRecord = typeof buyerDeposits.$inferSelect;
const toRow = (d: BuyerDepositRecord) => ({
  id: d.id,
  buyerId: d.buyerId,
  currency: d.currency,
  network: d.network,
  address: d.address,
  fromAddress: d.fromAddress,
  amountCents: d.amountCents,
  status: d.status,
  rejectReason: d.rejectReason,
  decidedAt: d.decidedAt,
  createdAt: d.createdAt,
});

/** The buyer's own deposit requests, newest first. */
export async function ownBuyerDeposits(db: Db, buyerId: number) {
  const rows = await db.select().from(buyerDeposits).where(eq(buyerDeposits.buyerId, buyerId)).orderBy(desc(buyerDeposits.id)).limit(100);
  return rows.map(toRow);
}

/** The operator's queue: buyers' deposits in one status, newest first. */
export async function buyerDepositsByStatus(db: Db, status: BuyerDepositRecord['status']) {
  const rows = await db.select().from(buyerDeposits).where(eq(buyerDeposits.status, status)).orderBy(desc(buyerDeposits.id)).limit(500);
  return rows.map(toRow);
}

/** Any buyer deposit with its file, for the operator's screenshot view (NOT_FOUND if none). */
export async function buyerDepositById(db: Db, id: number) {
  const [row] = await db.select().from(buyerDeposits).where(eq(buyerDeposits.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Approves (credits the buyer's wallet through the ledger, key `buyer-deposit:<id>`) or rejects a
 * pending buyer deposit, once; audited. A second decision answers ALREADY_DECIDED.
 */
export async function decideBuyerDeposit(db: Db, operatorUserId: number, id: number, decision: 'approve' | 'reject', reason?: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(buyerDeposits).where(eq(buyerDeposits.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    const [after] = await tx
      .update(buyerDeposits)
      .set({ status: decision === 'approve' ? 'approved' : 'rejected', rejectReason: decision === 'reject' ? (reason ?? '') : null, decidedBy: operatorUserId, decidedAt: sql`now()` })
      .where(eq(buyerDeposits.id, id))
      .returning();
    if (decision === 'approve') await buyerDepositApproved(tx, before);
    await recordOperatorAction(tx, operatorUserId, `buyer_deposit.${decision}`, 'buyer_deposit', id, toRow(before), toRow(after));
    return toRow(after);
  });
}

/**
 * The buyer's wallet statement, newest first: each entry of `buyer:<id>:wallet` with its transfer's
 * type and order; money from the demo's own source is marked `demo`.
 */
export async function buyerWalletStatement(db: Db, buyerId: number) {
  const demoSource = accountCode(platformAccount('demo_topups'));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      type: ledgerTransfers.type,
      changeCents: ledgerEntries.changeCents,
      balanceAfterCents: ledgerEntries.balanceAfterCents,
      orderId: ledgerTransfers.orderNo,
      demo: sql<boolean>`exists (select 1 from ledger_accounts s where s.id = ${ledgerTransfers.fromAccountId} and s.code = ${demoSource})`,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(eq(ledgerAccounts.code, accountCode(buyerWallet(buyerId))))
    .orderBy(desc(ledgerEntries.id))
    .limit(200);
  return {
    list: rows.map((r) => ({ id: r.id, type: r.type, changeCents: r.changeCents, balanceAfterCents: r.balanceAfterCents, orderId: r.orderId, demo: Boolean(r.demo), createTime: r.createdAt.toISOString() })),
  };
}
