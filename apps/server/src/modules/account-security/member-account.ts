import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrentUser, updatePasswordBody } from '@shopdesk/shared/auth/schemas';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { changeLoginPassword } from '../auth/auth-service.ts';
import type { Caller } from '../auth/caller.ts';
import { changeFundPassword, fundPasswordIsSet } from '../auth/fund-password.ts';
import { secondFactorEnabled } from '../two-factor/two-factor-service.ts';
import { assertPermission, memberRole } from '../users/permission-service.ts';
import { requireStepUp } from '../two-factor/step-up.ts';
import { findShopOf } from './member-login.ts';

/** The signed-in member with their role, their shop and where their account's security stands. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const shop = await findShopOf(db, user.shopId);
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    shopRole: await memberRole(db, user.roleId),
    name: user.name,
    fundPasswordSet: await fundPasswordIsSet(db, userId),
    twoFactorEnabled: await secondFactorEnabled(db, userId),
    twoFactorRequired: shop?.requireTwoFactor ?? false,
    shop: shop && {
      shopId: shop.id,
      shopName: shop.name,
      shopLogo: shop.logo,
      vipLevel: shop.vipLevel,
      creditScore: shop.creditScore,
      frozen: shop.frozen,
    },
  };
}

type UpdatePasswordInput = z.output<typeof updatePasswordBody>;

/**
 * POST /api/sellAuth/updatePassword: the caller's own login password, or the shop's fund password
 * (it guards the wallet: wallet edit, docs/decisions.md "Staff roles and permissions"); another userId is FORBIDDEN. A new login
 * password ends every session; a new fund password does not, and asks the second factor again (when on).
 */
export async function updatePassword(db: Db, caller: Pick<Caller, 'userId' | 'shopId' | 'permissions'>, body: UpdatePasswordInput, ip = '', stepUpProof?: string) {
  if (body.userId !== undefined && body.userId !== caller.userId) throw new AppError('FORBIDDEN');
  if (body.kind === 'fund') {
    assertPermission(caller.permissions, 'wallet:edit');
    await changeFundPassword(db, caller.userId, body.oldPassword, body.newPassword, () => requireStepUp(db, caller.userId, 'fund_password', stepUpProof));
    if (caller.shopId) await recordActivity(db, { shopId: caller.shopId, userId: caller.userId, action: 'fund_password_changed' });
  } else await changeLoginPassword(db, caller.userId, body.oldPassword, body.newPassword, ip);
}
