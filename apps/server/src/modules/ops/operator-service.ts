import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createOperatorBody, OpsOperatorRow, OpsRole, OpsWhoami } from '@shopdesk/shared/ops/operators';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { revokeAllSessions, sessionsEnded } from '../auth/session-service.ts';
import { removeSecondFactor } from '../two-factor/two-factor-service.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';

const operatorColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  opsRole: users.opsRole,
  status: users.status,
  createdAt: users.createdAt,
  // Enrolled: an authenticator confirmed (a secret waiting for its first code is not yet a second factor).
  twoFactor: sql<boolean>`exists (select 1 from two_factors tf where tf.user_id = ${users.id} and tf.enabled_at is not null)`,
};

type OperatorRecord = { id: number; username: string; name: string; opsRole: OpsRole | null; status: 'active' | 'inactive'; createdAt: Date; twoFactor: boolean };

function toRow(row: OperatorRecord): OpsOperatorRow {
  return { id: row.id, username: row.username, name: row.name, opsRole: row.opsRole ?? 'support', status: row.status, createdAt: row.createdAt.toISOString(), twoFactor: Boolean(row.twoFactor) };
}

/** What the audit trail keeps of an operator (never the password hash). */
const auditView = (row: OperatorRecord) => ({ username: row.username, name: row.name, opsRole: row.opsRole, status: row.status });

/** The platform's operators, oldest first. */
export async function listOperators(db: Db): Promise<OpsOperatorRow[]> {
  const rows = await db.select(operatorColumns).from(users).where(eq(users.role, 'operator')).orderBy(asc(users.id));
  return rows.map(toRow);
}

async function operatorById(db: DbOrTx, id: number): Promise<OperatorRecord> {
  const [row] = await db.select(operatorColumns).from(users).where(and(eq(users.id, id), eq(users.role, 'operator')));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function currentOperator(db: Db, userId: number): Promise<OpsWhoami> {
  const row = await operatorById(db, userId);
  return { userId: row.id, username: row.username, name: row.name, opsRole: row.opsRole ?? 'support' };
}

/**
 * One change to the operators at a time (a transaction-scoped advisory lock), so two super admins
 * demoting or disabling each other at once cannot leave the platform without an active one.
 */
async function lockOperators(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shopdesk:operators'))`);
}

/** LAST_SUPER_ADMIN unless another active super admin than `userId` remains. */
async function assertAnotherSuperAdmin(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.opsRole, 'super_admin'), eq(users.status, 'active'), ne(users.id, userId)));
  if ((row?.n ?? 0) === 0) throw new AppError('LAST_SUPER_ADMIN');
}

export async function createOperator(db: Db, actorId: number, body: z.output<typeof createOperatorBody>): Promise<OpsOperatorRow> {
  const passwordHash = await hashSecret(body.password);
  const created = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    // An operator's password opens every shop's money: the same estimator as the sellers' new passwords.
    assertStrongPassword(body.password, [body.username, body.name]);
    const [row] = await tx
      .insert(users)
      .values({ username: body.username, passwordHash, name: body.name, role: 'operator', opsRole: body.opsRole })
      .onConflictDoNothing({ target: users.username })
      .returning(operatorColumns);
    if (!row) throw new AppError('USERNAME_TAKEN');
    await recordOperatorAction(tx, actorId, 'operator.create', 'operator', row.id, null, auditView(row));
    return row;
  });
  return toRow(created);
}

/** Gives an operator another role; the cached sessions are dropped so it applies to the next request. */
export async function setOperatorRole(db: Db, actorId: number, id: number, opsRole: OpsRole): Promise<OpsOperatorRow> {
  await db.transaction(async (tx) => {
    await lockOperators(tx);
    const before = await operatorById(tx, id);
    if (before.opsRole === opsRole) return;
    if (before.opsRole === 'super_admin' && before.status === 'active') await assertAnotherSuperAdmin(tx, id);
    await tx.update(users).set({ opsRole }).where(eq(users.id, id));
    await recordOperatorAction(tx, actorId, 'operator.role', 'operator', id, auditView(before), auditView({ ...before, opsRole }));
  });
  sessionsEnded(db, { userId: id });
  return toRow(await operatorById(db, id));
}

/** Disables (every session ends at once) or enables an operator. */
export async function setOperatorStatus(db: Db, actorId: number, id: number, status: 'active' | 'inactive'): Promise<OpsOperatorRow> {
  const changed = await db.transaction(async (tx) => {
    await lockOperators(tx);
    const before = await operatorById(tx, id);
    if (before.status === status) return false;
    if (status === 'inactive' && before.opsRole === 'super_admin') await assertAnotherSuperAdmin(tx, id);
    await tx.update(users).set({ status }).where(eq(users.id, id));
    if (status === 'inactive') await revokeAllSessions(tx, id);
    await recordOperatorAction(tx, actorId, status === 'inactive' ? 'operator.disable' : 'operator.enable', 'operator', id, auditView(before), auditView({ ...before, status }));
    return true;
  });
  if (changed) sessionsEnded(db, { userId: id });
  return toRow(await operatorById(db, id));
}

/**
 * A super admin resets another operator's second factor (a lost phone): their sessions end and
 * their next login enrols a new one. Not one's own: another super admin has to do it.
 */
export async function resetOperatorTwoFactor(db: Db, actorId: number, id: number): Promise<OpsOperatorRow> {
  if (actorId === id) throw new AppError('FORBIDDEN');
  await db.transaction(async (tx) => {
    const row = await operatorById(tx, id);
    const removed = await removeSecondFactor(tx, id);
    await revokeAllSessions(tx, id);
    await recordOperatorAction(tx, actorId, 'operator.resetTwoFactor', 'operator', id, { ...auditView(row), twoFactor: removed }, { ...auditView(row), twoFactor: false });
  });
  sessionsEnded(db, { userId: id });
  return toRow(await operatorById(db, id));
}

/**
 * The first super admin of a new deployment (`npm run ops -- bootstrap`): refused once any active
 * super admin exists, so the command cannot be used to add a second one behind the console's back.
 */
export async function bootstrapSuperAdmin(db: Db, username: string, password: string, name = ''): Promise<OpsOperatorRow> {
  assertStrongPassword(password, [username, name]);
  const passwordHash = await hashSecret(password);
  const created = await db.transaction(async (tx) => {
    await lockOperators(tx);
    const [existing] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'operator'), eq(users.opsRole, 'super_admin'), eq(users.status, 'active')));
    if ((existing?.n ?? 0) > 0) throw new AppError('CONFLICT');
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN');
    const [row] = await tx.insert(users).values({ username, passwordHash, name, role: 'operator', opsRole: 'super_admin' }).returning(operatorColumns);
    await recordOperatorAction(tx, row.id, 'operator.bootstrap', 'operator', row.id, null, auditView(row));
    return row;
  });
  return toRow(created);
}
