/**
 * Staff roles and what they allow (docs/decisions.md, "Staff roles and permissions"): the shop's
 * own roles, the check a service makes itself, and the refusal naming the missing permission.
 */
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type MemberRole, type ShopRoleRow, type createRoleBody, type updateRoleBody } from '@shopdesk/shared/users/permissions';
import { PERMISSION_AREAS, allows, parsePermission, roleMatrix, type DefaultRoleKey, type Permission, type PermissionMatrix } from '@shopdesk/shared/users/permission-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopRoles, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { sessionsEnded } from '../auth/session-service.ts';
import { requireStepUp } from '../two-factor/step-up.ts';

/** The refusal naming the missing permission (its area and level are translated into the caller's language). */
export function permissionDenied(permission: Permission): AppError {
  const need = parsePermission(permission);
  if (!need) return new AppError('FORBIDDEN');
  return new AppError('PERMISSION_DENIED', { areaKey: `permission.area.${need.area}`, levelKey: `permission.level.${need.level}`, permission }, { permission });
}

/** For the few rules that depend on the request's content (which password a change is for), checked in the service. */
export function assertPermission(permissions: PermissionMatrix | null, permission: Permission): void {
  if (!allows(permissions, permission)) throw permissionDenied(permission);
}

/** The member's role as the session's own account shows it (GET /api/sellAuth/me); null for an operator. */
export async function memberRole(db: DbOrTx, roleId: number | null): Promise<MemberRole | null> {
  if (roleId === null) return null;
  const [role] = await db.select(roleColumns).from(shopRoles).where(eq(shopRoles.id, roleId));
  return role ? { roleId: role.roleId, key: role.key, name: role.name, permissions: roleMatrix(role.key, role.permissions) } : null;
}

interface Actor {
  shopId: number;
  userId: number;
}

const roleColumns = { roleId: shopRoles.id, shopId: shopRoles.shopId, key: shopRoles.key, name: shopRoles.name, permissions: shopRoles.permissions };
type RoleRecord = { roleId: number; shopId: number | null; key: DefaultRoleKey | null; name: string; permissions: Partial<PermissionMatrix> };

/** A role the shop may assign: a default one or its own; another shop's is "not found". */
export async function roleOfShop(db: DbOrTx, shopId: number, roleId: number): Promise<RoleRecord> {
  const [role] = await db
    .select(roleColumns)
    .from(shopRoles)
    .where(and(eq(shopRoles.id, roleId), or(isNull(shopRoles.shopId), eq(shopRoles.shopId, shopId))));
  if (!role) throw new AppError('NOT_FOUND');
  return role;
}

/** The default role's row id (the migration made one row per default key). */
export async function defaultRoleId(db: DbOrTx, key: DefaultRoleKey): Promise<number> {
  const [role] = await db.select({ id: shopRoles.id }).from(shopRoles).where(eq(shopRoles.key, key));
  if (!role) throw new Error(`default role ${key} is missing: migration 0024 not applied`);
  return role.id;
}

/** The acting member, read again under the shop's lock: active and still allowed to manage users. */
export async function lockedActor(tx: DbOrTx, actor: Actor): Promise<{ roleKey: DefaultRoleKey | null }> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, actor.shopId)).for('update');
  const [self] = await tx
    .select({ key: shopRoles.key, permissions: shopRoles.permissions })
    .from(users)
    .innerJoin(shopRoles, eq(shopRoles.id, users.roleId))
    .where(and(eq(users.id, actor.userId), eq(users.shopId, actor.shopId), eq(users.status, 'active')));
  if (!self) throw new AppError('FORBIDDEN');
  assertPermission(roleMatrix(self.key, self.permissions), 'users:edit');
  return { roleKey: self.key };
}

const toRow = (role: RoleRecord, members: number): ShopRoleRow => ({
  roleId: role.roleId,
  key: role.key,
  name: role.name,
  permissions: roleMatrix(role.key, role.permissions),
  members,
});

/** The default roles, then the shop's own by creation, each with its count of active members. */
export async function listRoles(db: DbOrTx, shopId: number): Promise<{ list: ShopRoleRow[] }> {
  const roles = await db
    .select(roleColumns)
    .from(shopRoles)
    .where(or(isNull(shopRoles.shopId), eq(shopRoles.shopId, shopId)))
    .orderBy(sql`${shopRoles.shopId} nulls first`, asc(shopRoles.id));
  const counts = await db
    .select({ roleId: users.roleId, n: count() })
    .from(users)
    .where(and(eq(users.shopId, shopId), eq(users.status, 'active')))
    .groupBy(users.roleId);
  const byRole = new Map(counts.map((c) => [c.roleId, c.n]));
  return { list: roles.map((role) => toRow(role, byRole.get(role.roleId) ?? 0)) };
}

async function assertNameFree(tx: DbOrTx, shopId: number, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: shopRoles.id })
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), sql`lower(${shopRoles.name}) = ${name.toLowerCase()}`, except ? sql`${shopRoles.id} <> ${except}` : undefined));
  if (taken) throw new AppError('ROLE_NAME_TAKEN');
}

const changedAreas = (matrix: PermissionMatrix) => PERMISSION_AREAS.filter((a) => matrix[a] !== 'none').map((a) => `${a}:${matrix[a]}`).join(', ');

export async function createRole(db: Db, actor: Actor, body: z.output<typeof createRoleBody>): Promise<ShopRoleRow> {
  const role = await db.transaction(async (tx) => {
    await lockedActor(tx, actor);
    await assertNameFree(tx, actor.shopId, body.name);
    const [created] = await tx.insert(shopRoles).values({ shopId: actor.shopId, name: body.name, permissions: body.permissions }).returning(roleColumns);
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'role_created', subject: body.name, detail: { permissions: changedAreas(body.permissions) } });
    return created;
  });
  return toRow(role, 0);
}

/**
 * Changes a shop's own role; its members' cached sessions are dropped so the new matrix applies to
 * their next request. New permissions ask the actor's second factor again (when on), like a
 * member's new role; a new name alone does not.
 */
export async function updateRole(db: Db, actor: Actor, body: z.output<typeof updateRoleBody>, stepUpProof?: string): Promise<ShopRoleRow> {
  const { role, holders } = await db.transaction(async (tx) => {
    await lockedActor(tx, actor);
    const current = await roleOfShop(tx, actor.shopId, body.roleId);
    if (current.key) throw new AppError('ROLE_FIXED');
    await assertNameFree(tx, actor.shopId, body.name, current.roleId);
    const before = roleMatrix(current.key, current.permissions);
    if (PERMISSION_AREAS.some((area) => before[area] !== body.permissions[area])) await requireStepUp(tx, actor.userId, 'role_change', stepUpProof);
    const [updated] = await tx.update(shopRoles).set({ name: body.name, permissions: body.permissions }).where(eq(shopRoles.id, current.roleId)).returning(roleColumns);
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'role_updated', subject: body.name, detail: { permissions: changedAreas(body.permissions) } });
    const members = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.roleId, current.roleId));
    return { role: updated, holders: members };
  });
  for (const holder of holders) sessionsEnded(db, { userId: holder.id });
  return toRow(role, holders.filter((h) => h.status === 'active').length);
}

/** Deletes a shop's own role that nobody holds (not even an inactive member). */
export async function deleteRole(db: Db, actor: Actor, roleId: number): Promise<null> {
  await db.transaction(async (tx) => {
    await lockedActor(tx, actor);
    const current = await roleOfShop(tx, actor.shopId, roleId);
    if (current.key) throw new AppError('ROLE_FIXED');
    const [held] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, current.roleId));
    if ((held?.n ?? 0) > 0) throw new AppError('ROLE_IN_USE');
    await tx.delete(shopRoles).where(eq(shopRoles.id, current.roleId));
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'role_deleted', subject: current.name });
  });
  return null;
}
