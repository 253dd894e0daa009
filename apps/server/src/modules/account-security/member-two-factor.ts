import { eq } from 'drizzle-orm';
import type { TwoFactorStatus } from '@shopdesk/shared/account-security/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { sessionsEnded } from '../auth/session-service.ts';
import type { Caller } from '../auth/caller.ts';
import {
  beginEnrolment,
  confirmEnrolment,
  disableSecondFactor,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  secondFactorEnabled,
} from '../two-factor/two-factor-service.ts';

/**
 * A shop member's second factor from their own menu (docs/decisions.md, "Shop members' second
 * factor"): the TOTP of modules/two-factor, as operators have it, with the shop's requirement.
 */

/** Whether the member's shop requires the second factor of every member. */
export async function shopRequiresSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ required: shops.requireTwoFactor }).from(users).innerJoin(shops, eq(shops.id, users.shopId)).where(eq(users.id, userId));
  return row?.required ?? false;
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const enabled = await secondFactorEnabled(db, userId);
  return { enabled, required: await shopRequiresSecondFactor(db, userId), recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0 };
}

export async function memberEnrolment(db: Db, userId: number) {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return beginEnrolment(db, userId, user.username);
}

export async function memberConfirmEnrolment(db: Db, caller: Caller, code: string, ip: string) {
  const recoveryCodes = await confirmEnrolment(db, caller.userId, code, ip);
  // The cached session says whether the shop's requirement still holds this member back.
  sessionsEnded(db, { userId: caller.userId });
  if (caller.shopId) await recordActivity(db, { shopId: caller.shopId, userId: caller.userId, action: 'two_factor_enabled' });
  return { recoveryCodes };
}

export async function memberDisable(db: Db, caller: Caller, code: string, ip: string) {
  await disableSecondFactor(db, caller.userId, code, ip);
  sessionsEnded(db, { userId: caller.userId });
  if (caller.shopId) await recordActivity(db, { shopId: caller.shopId, userId: caller.userId, action: 'two_factor_disabled' });
}

export async function memberRegenerateCodes(db: Db, caller: Caller, code: string, ip: string) {
  return { recoveryCodes: await regenerateRecoveryCodes(db, caller.userId, code, ip) };
}

/**
 * The owner requires (or stops requiring) the second factor of every member. Turning it on asks
 * the owner to have it first: a shop cannot require what its owner does not use.
 */
export async function setRequirement(db: Db, caller: Caller, required: boolean) {
  const [shop] = await db.select({ id: shops.id, ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.id, caller.shopId ?? 0));
  if (!shop || shop.ownerUserId !== caller.userId) throw new AppError('FORBIDDEN');
  if (required && !(await secondFactorEnabled(db, caller.userId))) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
  await db.transaction(async (tx) => {
    await tx.update(shops).set({ requireTwoFactor: required }).where(eq(shops.id, shop.id));
    await recordActivity(tx, { shopId: shop.id, userId: caller.userId, action: 'two_factor_requirement_changed', detail: { required: required ? 1 : 0 } });
  });
  // Members' cached sessions carry whether the requirement holds them back: it applies to their next request.
  const members = await db.select({ id: users.id }).from(users).where(eq(users.shopId, shop.id));
  for (const member of members) sessionsEnded(db, { userId: member.id });
}
