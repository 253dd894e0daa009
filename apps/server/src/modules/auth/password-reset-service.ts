import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_REQUESTS } from '@shopdesk/shared/constants';
import type { OpsResetApproval, OpsResetRow, ResetCheckAnswer, ResetStatus } from '@shopdesk/shared/auth/account-requests';
import { matchLanguage } from '@shopdesk/shared/languages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loginThrottle, passwordResets, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { canMail, sendMail, type MailSettings } from '../../lib/mailer.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { translate } from '../../i18n/translate.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { requestThrottled } from './account-request-throttle.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashToken, revokeAllSessions, sessionsEnded } from './session-service.ts';

/**
 * A forgotten login password (docs/decisions.md, "Password resets and registrations"): the seller
 * asks from the login page, an operator approves, and the approval makes a one-time link valid
 * ACCOUNT_REQUESTS.RESET_LINK_TTL_MS that is emailed (SMTP_URL) or shown to the operator to hand
 * over. Using it sets the new password and ends every session of the account.
 *
 * The lifecycle: every guard below reads this table. `approve` on an approved request issues a new
 * link (the old one stops working): an operator who lost it, or a link that expired unused.
 */
export const RESET_TRANSITIONS = {
  approve: { from: ['pending', 'approved'], to: 'approved' },
  reject: { from: ['pending', 'approved'], to: 'rejected' },
  use: { from: ['approved'], to: 'used' },
} as const satisfies Record<string, { from: readonly StoredStatus[]; to: StoredStatus }>;
type StoredStatus = (typeof passwordResets.$inferSelect)['status'];
export type ResetAction = keyof typeof RESET_TRANSITIONS;

function allows(action: ResetAction, status: StoredStatus): boolean {
  return (RESET_TRANSITIONS[action].from as readonly StoredStatus[]).includes(status);
}

const isLive = (row: { status: StoredStatus; expiresAt: Date | null }, now = Date.now()) => row.status === 'approved' && row.expiresAt !== null && row.expiresAt.getTime() > now;

/** The status an operator reads: an approved link past its end is `expired`. */
function shownStatus(row: { status: StoredStatus; expiresAt: Date | null }): ResetStatus {
  return row.status === 'approved' && !isLive(row) ? 'expired' : row.status;
}

interface ResetRequestInput {
  username: string;
  contact: string;
  ip: string;
  language: string;
  /** Requests one address may send before each further one waits (config.accountRequestLimits; 0: no limit). */
  perAddress: number;
}

/**
 * Records a request, or refreshes the account's open one (one per account). The answer never says
 * whether the username exists; requests from one address are limited like secret checks.
 */
export async function requestPasswordReset(db: Db, input: ResetRequestInput): Promise<{ linkValidMinutes: number }> {
  await requestThrottled(db, `reset-request:${input.ip}`, input.perAddress);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.role, 'seller'), eq(users.status, 'active')))
    .limit(1);
  if (user) {
    const values = { userId: user.id, contact: input.contact, language: matchLanguage(input.language), requestedFrom: input.ip.slice(0, 100) };
    await db
      .insert(passwordResets)
      .values(values)
      .onConflictDoUpdate({
        target: passwordResets.userId,
        targetWhere: sql`${passwordResets.status} = 'pending'`,
        set: { contact: values.contact, language: values.language, requestedFrom: values.requestedFrom, createdAt: sql`now()` },
      });
  }
  return { linkValidMinutes: ACCOUNT_REQUESTS.RESET_LINK_TTL_MS / 60_000 };
}

const rowSelection = {
  id: passwordResets.id,
  userId: passwordResets.userId,
  username: users.username,
  shopId: shops.id,
  shopName: shops.name,
  email: users.email,
  contact: passwordResets.contact,
  language: passwordResets.language,
  status: passwordResets.status,
  createdAt: passwordResets.createdAt,
  requestedFrom: passwordResets.requestedFrom,
  decidedAt: passwordResets.decidedAt,
  expiresAt: passwordResets.expiresAt,
  usedAt: passwordResets.usedAt,
  delivery: passwordResets.delivery,
  rejectReason: passwordResets.rejectReason,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toOpsRow(row: SelectedRow): OpsResetRow {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    shopId: row.shopId,
    shopName: row.shopName ?? '',
    email: row.email,
    contact: row.contact,
    language: row.language,
    status: shownStatus(row),
    requestedAt: row.createdAt.toISOString(),
    requestedFrom: row.requestedFrom,
    decidedAt: iso(row.decidedAt),
    expiresAt: iso(row.expiresAt),
    usedAt: iso(row.usedAt),
    delivery: row.delivery,
    rejectReason: row.rejectReason,
  };
}

function selectRows(db: DbOrTx) {
  return db.select(rowSelection).from(passwordResets).innerJoin(users, eq(users.id, passwordResets.userId)).leftJoin(shops, eq(shops.id, users.shopId));
}
type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

/** The operator's queue: requests in one status (as shown: `expired` and `approved` split on the link's end), newest first. */
export async function resetRequestsByStatus(db: Db, status: ResetStatus): Promise<OpsResetRow[]> {
  const now = sql`now()`;
  const where: SQL | undefined =
    status === 'approved'
      ? and(eq(passwordResets.status, 'approved'), gt(passwordResets.expiresAt, now))
      : status === 'expired'
        ? and(eq(passwordResets.status, 'approved'), lte(passwordResets.expiresAt, now))
        : eq(passwordResets.status, status);
  const rows = await selectRows(db).where(where).orderBy(desc(passwordResets.id)).limit(500);
  return rows.map(toOpsRow);
}

/** The link a seller opens: the token in the fragment, which browsers never send to a server (or its logs). */
export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password#token=${token}`;
}

interface DecisionContext {
  operatorId: number;
  /** Where sellers open the app (PUBLIC_URL, or the operator's request's origin). */
  baseUrl: string;
  mail: MailSettings;
}

/**
 * Approves a request: a new one-time link valid ACCOUNT_REQUESTS.RESET_LINK_TTL_MS. With SMTP_URL
 * and an email on the account it is emailed and not shown; otherwise (or when the email fails) the
 * answer holds it for the operator to hand over. It is never stored, only its hash.
 */
export async function approveReset(db: Db, context: DecisionContext, id: number): Promise<OpsResetApproval> {
  const token = randomBytes(32).toString('base64url');
  const emailTo = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(passwordResets).where(eq(passwordResets.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (!allows('approve', before.status)) throw new AppError('ALREADY_DECIDED');
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.userId));
    const byEmail = canMail(context.mail) && Boolean(user?.email);
    const expiresAt = new Date(Date.now() + ACCOUNT_REQUESTS.RESET_LINK_TTL_MS);
    const [after] = await tx
      .update(passwordResets)
      .set({ status: RESET_TRANSITIONS.approve.to, tokenHash: hashToken(token), expiresAt, delivery: byEmail ? 'email' : 'handover', decidedBy: context.operatorId, decidedAt: sql`now()`, rejectReason: null })
      .where(eq(passwordResets.id, id))
      .returning();
    await recordOperatorAction(tx, context.operatorId, 'passwordReset.approve', 'password_reset', id, auditView(before), auditView(after));
    return byEmail ? { address: user!.email, language: before.language } : null;
  });
  const link = resetLink(context.baseUrl, token);
  let handOver = emailTo === null;
  if (emailTo) {
    const [row] = await selectRows(db).where(eq(passwordResets.id, id));
    try {
      await sendMail(context.mail as MailSettings & { smtpUrl: string }, resetMail(emailTo.address, matchLanguage(emailTo.language), row.username, link));
    } catch (error) {
      // The link still works: the operator hands it over instead, and the row says so.
      console.warn('[password reset] email not sent:', error instanceof Error ? error.message : error);
      await db.update(passwordResets).set({ delivery: 'handover' }).where(eq(passwordResets.id, id));
      handOver = true;
    }
  }
  const [row] = await selectRows(db).where(eq(passwordResets.id, id));
  return { ...toOpsRow(row), link: handOver ? link : null };
}

function resetMail(to: string, language: ReturnType<typeof matchLanguage>, username: string, link: string) {
  const minutes = ACCOUNT_REQUESTS.RESET_LINK_TTL_MS / 60_000;
  return {
    to,
    subject: translate(language, 'mail.resetSubject'),
    text: translate(language, 'mail.resetBody', { username, link, minutes }),
  };
}

/** Rejects a request (an approved link stops working at once). */
export async function rejectReset(db: Db, operatorId: number, id: number, reason?: string): Promise<OpsResetRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(passwordResets).where(eq(passwordResets.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (!allows('reject', before.status)) throw new AppError('ALREADY_DECIDED');
    const [after] = await tx
      .update(passwordResets)
      .set({ status: RESET_TRANSITIONS.reject.to, tokenHash: null, decidedBy: operatorId, decidedAt: sql`now()`, rejectReason: reason ?? '' })
      .where(eq(passwordResets.id, id))
      .returning();
    await recordOperatorAction(tx, operatorId, 'passwordReset.reject', 'password_reset', id, auditView(before), auditView(after));
  });
  const [row] = await selectRows(db).where(eq(passwordResets.id, id));
  return toOpsRow(row);
}

/** What the audit trail keeps of a request: never the token's hash. */
function auditView(row: typeof passwordResets.$inferSelect) {
  return { status: row.status, userId: row.userId, delivery: row.delivery, expiresAt: iso(row.expiresAt), rejectReason: row.rejectReason };
}

/** The request behind a link, with why it cannot be used (invalid, used, expired) as the error. */
async function liveRequest(db: DbOrTx, token: string, lock: boolean) {
  const query = db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('RESET_LINK_INVALID');
  if (row.status === 'used') throw new AppError('RESET_LINK_USED');
  if (!allows('use', row.status)) throw new AppError('RESET_LINK_INVALID');
  if (!isLive(row)) throw new AppError('RESET_LINK_EXPIRED', { minutes: ACCOUNT_REQUESTS.RESET_LINK_TTL_MS / 60_000 });
  return row;
}

/** Whose password a link resets and until when (the reset page shows it before the form). */
export async function checkResetLink(db: Db, token: string): Promise<ResetCheckAnswer> {
  const row = await liveRequest(db, token, false);
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.userId));
  return { username: user.username, expiresAt: row.expiresAt!.toISOString() };
}

/**
 * Uses a link once: the new password, every session of the account ended, the account's failed
 * logins forgotten (a seller locked out by guesses gets in with the new password).
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const hash = await hashSecret(newPassword);
  const userId = await db.transaction(async (tx) => {
    const row = await liveRequest(tx, token, true);
    const [owner] = await tx.select({ username: users.username, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId));
    assertStrongPassword(newPassword, [owner?.username, owner?.name, owner?.email]);
    const [user] = await tx
      .update(users)
      .set({ passwordHash: hash })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, username: users.username, shopId: users.shopId });
    // The hash stays: the same link opened again then says "already used", not "not valid".
    await tx.update(passwordResets).set({ status: RESET_TRANSITIONS.use.to, usedAt: sql`now()` }).where(eq(passwordResets.id, row.id));
    await revokeAllSessions(tx, user.id);
    const account = `user:${user.username.toLowerCase()}`;
    const likeSafe = account.replace(/[\\%_]/g, '\\$&');
    await tx.delete(loginThrottle).where(or(eq(loginThrottle.key, `account:${account}`), sql`${loginThrottle.key} like ${`pair:${likeSafe}@%`}`));
    if (user.shopId) await recordActivity(tx, { shopId: user.shopId, userId: user.id, action: 'password_reset', subject: user.username });
    return user.id;
  });
  sessionsEnded(db, { userId });
}
