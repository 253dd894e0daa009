import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MALL, type AddressView, type BuyerMe } from '@shopdesk/shared/mall/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { buyerAddresses, buyerSessions, buyers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { balanceOf, buyerWallet } from '../ledger/ledger-service.ts';
import { buyerToppedUp } from '../ledger/money-flows.ts';
import { buyerSessionsEnded, createBuyerSession } from './buyer-auth.ts';

/**
 * A buyer registers with a username (unique, case-insensitive, like the login's lookup) and a
 * password as strong as a seller's; the answer is a login's. USERNAME_TAKEN when the name exists.
 */
export async function registerBuyer(db: Db, config: AppConfig, input: { username: string; password: string; nickname?: string }) {
  assertStrongPassword(input.password, [input.username, input.nickname]);
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    // Two registrations of one name at once: the second waits here, then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`buyer-register:${input.username.toLowerCase()}`}))`);
    const [taken] = await tx.select({ id: buyers.id }).from(buyers).where(sql`lower(${buyers.username}) = ${input.username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    const [buyer] = await tx
      .insert(buyers)
      .values({ username: input.username, passwordHash, nickname: input.nickname ?? input.username })
      .onConflictDoNothing({ target: buyers.username })
      .returning();
    if (!buyer) throw new AppError('USERNAME_TAKEN');
    const session = await createBuyerSession(tx, buyer.id, config.buyerSessionTtlMs);
    return { buyerToken: session.token, expiresAt: session.expiresAt.toISOString(), buyerId: buyer.id, nickname: buyer.nickname };
  });
}

export async function buyerMe(db: DbOrTx, config: AppConfig, buyerId: number): Promise<BuyerMe> {
  const [buyer] = await db.select({ username: buyers.username, nickname: buyers.nickname }).from(buyers).where(eq(buyers.id, buyerId));
  if (!buyer) throw new AppError('UNAUTHORIZED');
  return { buyerId, username: buyer.username, nickname: buyer.nickname, balanceCents: await balanceOf(db, buyerWallet(buyerId)), demoTopUp: config.seedDemo };
}

export async function logoutBuyer(db: Db, sessionId: number) {
  await db.update(buyerSessions).set({ revokedAt: new Date() }).where(eq(buyerSessions.id, sessionId));
  buyerSessionsEnded(db, { sessionId });
}

/**
 * The demo top-up: the demo's own source (`platform:demo_topups`) → the buyer's wallet. Demo money
 * exists only in demo mode (SEED_DEMO): otherwise DEMO_TOPUP_OFF and nothing moves (a wallet is
 * then funded only by an approved deposit). The route runs it under the Idempotency-Key; each run
 * is its own ledger transfer.
 */
export async function topUpBuyer(db: Db, config: AppConfig, buyerId: number, amountCents: number): Promise<BuyerMe> {
  if (!config.seedDemo) throw new AppError('DEMO_TOPUP_OFF');
  return db.transaction(async (tx) => {
    await buyerToppedUp(tx, { buyerId, key: randomUUID(), amountCents });
    return buyerMe(tx, config, buyerId);
  });
}

// Addresses ----------------------------------------------------------------------------------

type AddressRow = typeof buyerAddresses.$inferSelect;
const toAddressView = (a: AddressRow): AddressView => ({ id: a.id, name: a.name, phone: a.phone, area: a.area, address: a.address, isDefault: a.isDefault });

export async function listAddresses(db: DbOrTx, buyerId: number): Promise<AddressView[]> {
  const rows = await db.select().from(buyerAddresses).where(eq(buyerAddresses.buyerId, buyerId)).orderBy(desc(buyerAddresses.isDefault), asc(buyerAddresses.id));
  return rows.map(toAddressView);
}

export async function findAddress(db: DbOrTx, buyerId: number, id: number): Promise<AddressRow> {
  const [row] = await db.select().from(buyerAddresses).where(and(eq(buyerAddresses.id, id), eq(buyerAddresses.buyerId, buyerId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

interface AddressInput {
  name: string;
  phone: string;
  area: string;
  address: string;
  isDefault: boolean;
}

/** At most MALL.ADDRESSES_MAX; the first one, or one marked default, becomes the only default. */
export async function addAddress(db: Db, buyerId: number, input: AddressInput): Promise<AddressView[]> {
  return db.transaction(async (tx) => {
    await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(buyerAddresses).where(eq(buyerAddresses.buyerId, buyerId));
    if (n >= MALL.ADDRESSES_MAX) throw new AppError('ADDRESS_LIMIT', { count: MALL.ADDRESSES_MAX });
    const isDefault = input.isDefault || n === 0;
    if (isDefault) await tx.update(buyerAddresses).set({ isDefault: false }).where(eq(buyerAddresses.buyerId, buyerId));
    await tx.insert(buyerAddresses).values({ buyerId, ...input, isDefault });
    return listAddresses(tx, buyerId);
  });
}

export async function updateAddress(db: Db, buyerId: number, id: number, input: AddressInput): Promise<AddressView[]> {
  return db.transaction(async (tx) => {
    const current = await findAddress(tx, buyerId, id);
    // The default stays where it is unless another address is made the default.
    const isDefault = input.isDefault || current.isDefault;
    if (isDefault) await tx.update(buyerAddresses).set({ isDefault: false }).where(and(eq(buyerAddresses.buyerId, buyerId), ne(buyerAddresses.id, id)));
    await tx.update(buyerAddresses).set({ ...input, isDefault }).where(eq(buyerAddresses.id, id));
    return listAddresses(tx, buyerId);
  });
}

/** Removing the default makes the oldest remaining address the default. */
export async function deleteAddress(db: Db, buyerId: number, id: number): Promise<AddressView[]> {
  return db.transaction(async (tx) => {
    const current = await findAddress(tx, buyerId, id);
    await tx.delete(buyerAddresses).where(eq(buyerAddresses.id, id));
    if (current.isDefault) {
      const [next] = await tx.select({ id: buyerAddresses.id }).from(buyerAddresses).where(eq(buyerAddresses.buyerId, buyerId)).orderBy(asc(buyerAddresses.id)).limit(1);
      if (next) await tx.update(buyerAddresses).set({ isDefault: true }).where(eq(buyerAddresses.id, next.id));
    }
    return listAddresses(tx, buyerId);
  });
}
