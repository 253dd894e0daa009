import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopUser, addUserBody, resetPasswordBody, updateUserBody, usersListQuery } from '@shopdesk/shared/users/schemas';
import type { Paged } from '@shopdesk/shared/envelope';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { containsPattern } from '../../lib/sql-text.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { revokeAllSessions, sessionsEnded } from '../auth/session-service.ts';
import { readPage } from '../../lib/read-page.ts';

/**
 * User management: the seller accounts of one shop and their role there. Every
 * call is scoped to the caller's shop; another shop's user is "not found" (DESIGN §4).
 */
interface Actor {
  shopId: number;
  userId: number;
}

const columns = {
  userId: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.shopRole,
  status: users.status,
  createdAt: users.createdAt,
  ownerUserId: shops.ownerUserId,
};
type Row = { userId: number; username: string; name: string; email: string; role: 'admin' | 'user' | null; status: 'active' | 'inactive'; createdAt: Date; ownerUserId: number | null };

const toUser = (row: Row): ShopUser => ({
  userId: row.userId,
  username: row.username,
  name: row.name,
  email: row.email,
  role: row.role ?? 'user',
  status: row.status,
  owner: row.ownerUserId === row.userId,
  createTime: row.createdAt.toISOString(),
});

export async function listUsers(db: Db, shopId: number, query: z.output<typeof usersListQuery>): Promise<Paged<ShopUser>> {
  const where: SQL[] = [eq(users.shopId, shopId)];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword.toLowerCase());
    where.push(or(sql`lower(${users.username}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`)!);
  }
  if (query.role) where.push(eq(users.shopRole, query.role));
  if (query.status) where.push(eq(users.status, query.status));
  const condition = and(...where);
  return readPage(
    query,
    (limit, offset) => db.select(columns).from(users).leftJoin(shops, eq(shops.id, users.shopId)).where(condition).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(condition),
    toUser,
  );
}

async function userOfShop(db: DbOrTx, shopId: number, userId: number): Promise<ShopUser> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(and(eq(users.id, userId), eq(users.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toUser(row);
}

/**
 * Locks the shop (one admin change at a time per shop) and answers the user, so that two admins
 * demoting or deactivating each other at once cannot leave the shop without an active admin. The
 * actor is checked again under the lock: a request that passed the role check just before its
 * caller was demoted or deactivated changes nothing.
 */
async function lockShopAndUser(tx: DbOrTx, actor: Actor, userId: number): Promise<ShopUser> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, actor.shopId)).for('update');
  const [self] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.shopId, actor.shopId), eq(users.shopRole, 'admin'), eq(users.status, 'active')));
  if (!self) throw new AppError('FORBIDDEN');
  return userOfShop(tx, actor.shopId, userId);
}

/** LAST_ADMIN unless another active admin than `userId` remains in the shop. */
async function assertAnotherActiveAdmin(tx: DbOrTx, shopId: number, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.shopId, shopId), eq(users.shopRole, 'admin'), eq(users.status, 'active'), ne(users.id, userId)));
  if ((row?.n ?? 0) === 0) throw new AppError('LAST_ADMIN');
}

export async function addUser(db: Db, actor: Actor, body: z.output<typeof addUserBody>): Promise<ShopUser> {
  assertStrongPassword(body.password, [body.username, body.name, body.email]);
  const passwordHash = await hashSecret(body.password);
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    const [created] = await tx
      .insert(users)
      .values({ username: body.username, passwordHash, name: body.name, email: body.email, role: 'seller', shopId: actor.shopId, shopRole: body.role })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!created) throw new AppError('USERNAME_TAKEN');
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_added', subject: body.username, detail: { role: body.role } });
    return created.id;
  });
  return userOfShop(db, actor.shopId, id);
}

export async function updateUser(db: Db, actor: Actor, body: z.output<typeof updateUserBody>): Promise<ShopUser> {
  const roleChanged = await db.transaction(async (tx) => {
    const user = await lockShopAndUser(tx, actor, body.userId);
    if (user.role === 'admin' && body.role !== 'admin' && user.status === 'active') await assertAnotherActiveAdmin(tx, actor.shopId, user.userId);
    await tx.update(users).set({ name: body.name, email: body.email, shopRole: body.role }).where(eq(users.id, user.userId));
    const detail: Record<string, string> = {};
    if (user.role !== body.role) detail.role = body.role;
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_updated', subject: user.username, detail });
    return user.role !== body.role;
  });
  // The role travels with the cached session: drop it so the new role applies to the next request.
  if (roleChanged) sessionsEnded(db, { userId: body.userId });
  return userOfShop(db, actor.shopId, body.userId);
}

/** Deactivates a user: they cannot log in, and every session of theirs ends at once. */
export async function deactivateUser(db: Db, actor: Actor, userId: number): Promise<ShopUser> {
  const changed = await db.transaction(async (tx) => {
    const user = await lockShopAndUser(tx, actor, userId);
    if (user.status === 'inactive') return false;
    if (user.role === 'admin') await assertAnotherActiveAdmin(tx, actor.shopId, user.userId);
    await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, user.userId));
    await revokeAllSessions(tx, user.userId);
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_deactivated', subject: user.username });
    return true;
  });
  if (changed) sessionsEnded(db, { userId });
  return userOfShop(db, actor.shopId, userId);
}

export async function reactivateUser(db: Db, actor: Actor, userId: number): Promise<ShopUser> {
  await db.transaction(async (tx) => {
    const user = await lockShopAndUser(tx, actor, userId);
    if (user.status === 'active') return;
    await tx.update(users).set({ status: 'active' }).where(eq(users.id, user.userId));
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_reactivated', subject: user.username });
  });
  return userOfShop(db, actor.shopId, userId);
}

/** An admin sets a new login password for a user of the shop; every session of that user ends. */
export async function resetUserPassword(db: Db, actor: Actor, body: z.output<typeof resetPasswordBody>): Promise<ShopUser> {
  const passwordHash = await hashSecret(body.password);
  await db.transaction(async (tx) => {
    const user = await lockShopAndUser(tx, actor, body.userId);
    assertStrongPassword(body.password, [user.username, user.name, user.email]);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.userId));
    await revokeAllSessions(tx, user.userId);
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'password_reset', subject: user.username });
  });
  sessionsEnded(db, { userId: body.userId });
  return userOfShop(db, actor.shopId, body.userId);
}
