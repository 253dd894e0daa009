import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { WithdrawalAddressLine } from '@shopdesk/shared/account-security/schemas';
import { WALLET } from '@shopdesk/shared/constants';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { checkWithdrawAddress } from '@shopdesk/shared/wallet/address-rule';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withdrawalAddresses } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { requireStepUp } from '../two-factor/step-up.ts';
import { notifyShop } from '../notifications/notification-service.ts';

/**
 * The shop's withdrawal address book (docs/decisions.md, "Withdrawal address book"): a withdrawal
 * goes only to a live address of the book saved at least WITHDRAWAL_ADDRESS_COOLDOWN_HOURS ago, so
 * a thief who got in cannot add their own address and empty the wallet the same day. Saving asks
 * the second factor again (when on) and is notified; removing is instant.
 */

type AddressRow = typeof withdrawalAddresses.$inferSelect;

const HOUR_MS = 3600_000;
const usableAtOf = (row: AddressRow, cooldownHours: number) => new Date(row.createdAt.getTime() + cooldownHours * HOUR_MS);

function toLine(row: AddressRow, cooldownHours: number, now = Date.now()): WithdrawalAddressLine {
  const usableAt = usableAtOf(row, cooldownHours);
  return {
    id: row.id,
    network: row.network as WithdrawalAddressLine['network'],
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usableAt: usableAt.toISOString(),
    usable: usableAt.getTime() <= now,
  };
}

export async function listAddresses(db: DbOrTx, config: AppConfig, shopId: number): Promise<WithdrawalAddressLine[]> {
  const rows = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.shopId, shopId), isNull(withdrawalAddresses.removedAt)))
    .orderBy(asc(withdrawalAddresses.createdAt), asc(withdrawalAddresses.id));
  return rows.map((row) => toLine(row, config.withdrawalAddressCooldownHours));
}

export async function saveAddress(
  db: Db,
  config: AppConfig,
  input: { shopId: number; userId: number; network: string; address: string; label: string; stepUpProof: string | undefined },
): Promise<WithdrawalAddressLine> {
  const checked = checkWithdrawAddress(input.address);
  if (!checked.ok || !(WALLET.NETWORKS as readonly string[]).includes(input.network)) throw new AppError('VALIDATION_FAILED');
  const live = and(eq(withdrawalAddresses.shopId, input.shopId), isNull(withdrawalAddresses.removedAt));
  const [{ n }] = await db.select({ n: count() }).from(withdrawalAddresses).where(live);
  if (n >= WALLET.ADDRESS_BOOK_MAX) throw new AppError('WITHDRAW_ADDRESS_BOOK_FULL', { max: WALLET.ADDRESS_BOOK_MAX });
  const [existing] = await db
    .select({ id: withdrawalAddresses.id })
    .from(withdrawalAddresses)
    .where(and(live, eq(withdrawalAddresses.network, input.network), eq(withdrawalAddresses.address, checked.address)));
  if (existing) throw new AppError('WITHDRAW_ADDRESS_EXISTS');
  await requireStepUp(db, input.userId, 'withdrawal_address', input.stepUpProof);
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(withdrawalAddresses)
      .values({ shopId: input.shopId, network: input.network, address: checked.address, label: input.label, createdBy: input.userId })
      .onConflictDoNothing()
      .returning();
    if (!saved) throw new AppError('WITHDRAW_ADDRESS_EXISTS');
    const detail = { network: saved.network, address: saved.address, hours: config.withdrawalAddressCooldownHours };
    await recordActivity(tx, { shopId: input.shopId, userId: input.userId, action: 'withdrawal_address_saved', subject: String(saved.id), detail });
    await notifyShop(tx, { shopId: input.shopId, title: NOTIFICATION_TITLE.SECURITY, content: NOTIFICATION_CONTENT.WITHDRAWAL_ADDRESS_SAVED, payload: detail });
    return saved;
  });
  return toLine(row, config.withdrawalAddressCooldownHours);
}

/** Removes an address at once (a withdrawal already applied for keeps its own copy of the address). */
export async function removeAddress(db: Db, input: { shopId: number; userId: number; id: number }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawalAddresses)
      .set({ removedAt: sql`now()` })
      .where(and(eq(withdrawalAddresses.id, input.id), eq(withdrawalAddresses.shopId, input.shopId), isNull(withdrawalAddresses.removedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordActivity(tx, { shopId: input.shopId, userId: input.userId, action: 'withdrawal_address_removed', subject: String(row.id), detail: { network: row.network, address: row.address } });
  });
}

/** A withdrawal's address must be a live address of the book past its cool-down. */
export async function assertUsableAddress(db: DbOrTx, config: AppConfig, shopId: number, network: string, address: string) {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.shopId, shopId), eq(withdrawalAddresses.network, network), eq(withdrawalAddresses.address, address), isNull(withdrawalAddresses.removedAt)));
  if (!row) throw new AppError('WITHDRAW_ADDRESS_NOT_SAVED');
  const waitMs = usableAtOf(row, config.withdrawalAddressCooldownHours).getTime() - Date.now();
  if (waitMs > 0) throw new AppError('WITHDRAW_ADDRESS_COOLING', { hours: Math.max(1, Math.ceil(waitMs / HOUR_MS)) });
}
