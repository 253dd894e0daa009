import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpsRegistrationRow, registerBody, RegisterAnswer, ShopApproval } from '@shopdesk/shared/auth/account-requests';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { requestThrottled } from './account-request-throttle.ts';
import { assertStrongPassword } from './password-strength.ts';

/**
 * A shop registered from the login page (docs/decisions.md, "Password resets and registrations"):
 * its owner exists at once, but nobody logs in to it until an operator approves it. A rejected
 * shop can still be approved later (the operator changed their mind); an approved one stays.
 */
export const REGISTRATION_TRANSITIONS = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly ShopApproval[]; to: ShopApproval }>;
export type RegistrationDecision = keyof typeof REGISTRATION_TRANSITIONS;
export const REGISTRATION_DECISIONS = Object.keys(REGISTRATION_TRANSITIONS) as RegistrationDecision[];

/** Creates the owner and the shop (pending); the shops trigger makes the owner its first admin (migration 0006). */
export async function registerShop(db: Db, body: z.output<typeof registerBody>, from: { ip: string; perAddress: number }): Promise<RegisterAnswer> {
  await requestThrottled(db, `register:${from.ip}`, from.perAddress);
  assertStrongPassword(body.password, [body.username, body.email, body.shopName]);
  const passwordHash = await hashSecret(body.password);
  const shopId = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    const [owner] = await tx
      .insert(users)
      .values({ username: body.username, passwordHash, email: body.email, name: body.username, role: 'seller' })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!owner) throw new AppError('USERNAME_TAKEN');
    const [shop] = await tx.insert(shops).values({ ownerUserId: owner.id, name: body.shopName, whatsapp: body.whatsapp, approval: 'pending' }).returning({ id: shops.id });
    return shop.id;
  });
  return { shopId, approval: 'pending' };
}

const rowSelection = {
  shopId: shops.id,
  shopName: shops.name,
  userId: users.id,
  username: users.username,
  email: users.email,
  whatsapp: shops.whatsapp,
  approval: shops.approval,
  note: shops.approvalNote,
  createdAt: shops.createdAt,
  decidedAt: shops.approvalDecidedAt,
};

function selectRows(db: DbOrTx) {
  return db.select(rowSelection).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId));
}

function toOpsRow({ createdAt, decidedAt, ...row }: Awaited<ReturnType<typeof selectRows>>[number]): OpsRegistrationRow {
  return { ...row, registeredAt: createdAt.toISOString(), decidedAt: decidedAt ? decidedAt.toISOString() : null };
}

/** The operator's queue: shops registered from the login page, by approval, newest first. */
export async function registrationsByStatus(db: Db, approval: ShopApproval): Promise<OpsRegistrationRow[]> {
  // Approved shops include every seeded or operator-made shop: only those that registered themselves
  // were ever decided, so "approved" lists the decided ones.
  const where = approval === 'approved' ? sql`${shops.approval} = 'approved' and ${shops.approvalDecidedAt} is not null` : eq(shops.approval, approval);
  const rows = await selectRows(db).where(where).orderBy(desc(shops.id)).limit(500);
  return rows.map(toOpsRow);
}

/** Approves or rejects a registered shop, once per transition; audited. */
export async function decideRegistration(db: Db, operatorId: number, shopId: number, decision: RegistrationDecision, reason?: string): Promise<OpsRegistrationRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ approval: shops.approval, note: shops.approvalNote }).from(shops).where(eq(shops.id, shopId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const transition = REGISTRATION_TRANSITIONS[decision];
    if (!(transition.from as readonly ShopApproval[]).includes(before.approval)) throw new AppError('ALREADY_DECIDED');
    const note = decision === 'reject' ? (reason ?? '') : '';
    await tx.update(shops).set({ approval: transition.to, approvalNote: note, approvalDecidedAt: sql`now()`, approvalDecidedBy: operatorId }).where(eq(shops.id, shopId));
    await recordOperatorAction(tx, operatorId, `shop.${decision}`, 'shop', shopId, before, { approval: transition.to, note });
  });
  const [row] = await selectRows(db).where(eq(shops.id, shopId));
  return toOpsRow(row);
}

/** The login's refusal for a shop that is not approved: why, in the seller's words. */
export function assertShopApproved(shop: { approval: ShopApproval; approvalNote: string }): void {
  if (shop.approval === 'pending') throw new AppError('SHOP_PENDING_APPROVAL');
  if (shop.approval === 'rejected') throw new AppError('SHOP_REJECTED', {}, { reason: shop.approvalNote });
}
