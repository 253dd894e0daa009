import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopUser, addUserBody, resetPasswordBody, updateUserBody, usersListQuery } from '@shopdesk/shared/users/schemas';
import type { Paged } from '@shopdesk/shared/envelope';
import type { DefaultRoleKey } from '@shopdesk/shared/users/permission-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopRoles, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { containsPattern } from '../../lib/sql-text.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { revokeAllSessions, sessionsEnded } from '../auth/session-service.ts';
import { readPage } from '../../lib/read-page.ts';
import { lockedActor, roleOfShop } from './permission-service.ts';
import { requireStepUp } from '../two-factor/step-up.ts';

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
  roleId: users.roleId,
  roleKey: shopRoles.key,
  roleName: shopRoles.name,
  status: users.status,
  createdAt: users.createdAt,
  ownerUserId: shops.ownerUserId,
};
type Row = {
  userId: number;
  username: string;
  name: string;
  email: string;
  roleId: number | null;
  roleKey: DefaultRoleKey | null;
  roleName: string | null;
  status: 'active' | 'inactive';
  createdAt: Date;
  ownerUserId: number | null;
};

const toUser = (row: Row): ShopUser => ({
  userId: row.userId,
  username: row.username,
  name: row.name,
  email: row.email,
  roleId: row.roleId ?? 0,
  roleKey: row.roleKey,
  roleName: row.roleName ?? '',
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
  if (query.roleId) where.push(eq(users.roleId, query.roleId));
  if (query.status) where.push(eq(users.status, query.status));
  const condition = and(...where);
  return readPage(
    query,
    (limit, offset) => db.select(columns).from(users).leftJoin(shops, eq(shops.id, users.shopId)).leftJoin(shopRoles, eq(shopRoles.id, users.roleId)).where(condition).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(condition),
    toUser,
  );
}

async function userOfShop(db: DbOrTx, shopId: number, userId: number): Promise<ShopUser> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .leftJoin(shopRoles, eq(shopRoles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toUser(row);
}

/**
 * Locks the shop (one role change at a time per shop) and answers the user, so that two members
 * demoting or deactivating each other at once cannot leave the shop without an active owner. The
 * actor is checked again under the lock (still active, still allowed to manage users): a request
 * that passed the permission check just before its caller lost it changes nothing. Only an owner
 * touches a member who holds the owner role.
 */
async function lockShopAndUser(tx: DbOrTx, actor: Actor, userId: number): Promise<{ user: ShopUser; actorIsOwner: boolean }> {
  const { roleKey } = await lockedActor(tx, actor);
  const user = await userOfShop(tx, actor.shopId, userId);
  const actorIsOwner = roleKey === 'owner';
  if (user.roleKey === 'owner' && !actorIsOwner) throw new AppError('OWNER_ONLY');
  return { user, actorIsOwner };
}

/** LAST_OWNER unless another active owner than `userId` remains in the shop. */
async function assertAnotherActiveOwner(tx: DbOrTx, shopId: number, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(shopRoles, eq(shopRoles.id, users.roleId))
    .where(and(eq(users.shopId, shopId), eq(shopRoles.key, 'owner'), eq(users.status, 'active'), ne(users.id, userId)));
  if ((row?.n ?? 0) === 0) throw new AppError('LAST_OWNER');
}

/** The role to give: a default one or the shop's own (another shop's is "not found"), and the owner role only by an owner. */
async function assignableRole(tx: DbOrTx, actor: Actor, roleId: number, actorIsOwner: boolean) {
  const role = await roleOfShop(tx, actor.shopId, roleId);
  if (role.key === 'owner' && !actorIsOwner) throw new AppError('OWNER_ONLY');
  return role;
}

export async function addUser(db: Db, actor: Actor, body: z.output<typeof addUserBody>): Promise<ShopUser> {
  assertStrongPassword(body.password, [body.username, body.name, body.email]);
  const passwordHash = await hashSecret(body.password);
  const id = await db.transaction(async (tx) => {
    const { roleKey } = await lockedActor(tx, actor);
    const role = await assignableRole(tx, actor, body.roleId, roleKey === 'owner');
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    const [created] = await tx
      .insert(users)
      .values({ username: body.username, passwordHash, name: body.name, email: body.email, role: 'seller', shopId: actor.shopId, roleId: role.roleId })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!created) throw new AppError('USERNAME_TAKEN');
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_added', subject: body.username, detail: { role: role.key ?? role.name } });
    return created.id;
  });
  return userOfShop(db, actor.shopId, id);
}

/**
 * A new role for a member asks the actor's second factor again (when on): the x-step-up proof for
 * 'role_change', spent after the other checks; a name or email change alone does not ask it.
 */
export async function updateUser(db: Db, actor: Actor, body: z.output<typeof updateUserBody>, stepUpProof?: string): Promise<ShopUser> {
  const roleChanged = await db.transaction(async (tx) => {
    const { user, actorIsOwner } = await lockShopAndUser(tx, actor, body.userId);
    const role = user.roleId === body.roleId ? null : await assignableRole(tx, actor, body.roleId, actorIsOwner);
    if (role && user.roleKey === 'owner' && user.status === 'active') await assertAnotherActiveOwner(tx, actor.shopId, user.userId);
    if (role) await requireStepUp(tx, actor.userId, 'role_change', stepUpProof);
    await tx.update(users).set({ name: body.name, email: body.email, roleId: body.roleId }).where(eq(users.id, user.userId));
    const detail: Record<string, string> = {};
    if (role) detail.role = role.key ?? role.name;
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_updated', subject: user.username, detail });
    return role !== null;
  });
  // The role travels with the cached session: drop it so the new role applies to the next request.
  if (roleChanged) sessionsEnded(db, { userId: body.userId });
  return userOfShop(db, actor.shopId, body.userId);
}

/** Deactivates a user: they cannot log in, and every session of theirs ends at once. */
export async function deactivateUser(db: Db, actor: Actor, userId: number): Promise<ShopUser> {
  const changed = await db.transaction(async (tx) => {
    const { user } = await lockShopAndUser(tx, actor, userId);
    if (user.status === 'inactive') return false;
    if (user.roleKey === 'owner') await assertAnotherActiveOwner(tx, actor.shopId, user.userId);
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
    const { user } = await lockShopAndUser(tx, actor, userId);
    if (user.status === 'active') return;
    await tx.update(users).set({ status: 'active' }).where(eq(users.id, user.userId));
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'user_reactivated', subject: user.username });
  });
  return userOfShop(db, actor.shopId, userId);
}

/** A member who manages users sets a new login password for a user of the shop; every session of that user ends. */
export async function resetUserPassword(db: Db, actor: Actor, body: z.output<typeof resetPasswordBody>): Promise<ShopUser> {
  const passwordHash = await hashSecret(body.password);
  await db.transaction(async (tx) => {
    const { user } = await lockShopAndUser(tx, actor, body.userId);
    assertStrongPassword(body.password, [user.username, user.name, user.email]);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.userId));
    await revokeAllSessions(tx, user.userId);
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'password_reset', subject: user.username });
  });
  sessionsEnded(db, { userId: body.userId });
  return userOfShop(db, actor.shopId, body.userId);
}
