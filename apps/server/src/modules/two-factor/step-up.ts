import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StepUpAction } from '@shopdesk/shared/account-security/schemas';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { stepUpProofs } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../auth/session-service.ts';
import { checkSecondFactor, secondFactorEnabled } from './two-factor-service.ts';

/**
 * The second factor asked again before a sensitive action (a withdrawal, a fund-password change, a
 * new withdrawal address, a role change), whatever the shop's setting, when the member has it on.
 * The code is checked first (throttled, each code once) and answers a proof for that one action,
 * spent by the action's request within TWO_FACTOR.STEP_UP_TTL_MS: a proof for a withdrawal cannot
 * change a role, and one code cannot pay twice.
 */
export async function openStepUp(db: Db, userId: number, action: StepUpAction, code: string, ip: string) {
  if (!(await secondFactorEnabled(db, userId))) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
  await checkSecondFactor(db, userId, code, ip);
  const proof = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TWO_FACTOR.STEP_UP_TTL_MS);
  await db.insert(stepUpProofs).values({ userId, action, tokenHash: hashToken(proof), expiresAt });
  return { proof, expiresAt: expiresAt.toISOString() };
}

/**
 * Call before a sensitive action: nothing to do for a member without the second factor; otherwise
 * spends a live proof of this member for this action (once: the same proof twice is refused), or
 * refuses with STEP_UP_REQUIRED. Spend it after the action's other checks, so a typo elsewhere (a
 * wrong fund password) does not cost the member a new code. Inside the action's transaction, pass
 * its handle: a refusal later in it then gives the proof back.
 */
export async function requireStepUp(db: DbOrTx, userId: number, action: StepUpAction, proof: string | undefined) {
  if (!(await secondFactorEnabled(db, userId))) return;
  if (!proof || proof.length > 200) throw new AppError('STEP_UP_REQUIRED');
  const [spent] = await db
    .update(stepUpProofs)
    .set({ usedAt: sql`now()` })
    .where(and(eq(stepUpProofs.tokenHash, hashToken(proof)), eq(stepUpProofs.userId, userId), eq(stepUpProofs.action, action), isNull(stepUpProofs.usedAt), gt(stepUpProofs.expiresAt, sql`now()`)))
    .returning({ id: stepUpProofs.id });
  if (!spent) throw new AppError('STEP_UP_REQUIRED');
}

/** The step-up proof a request carries (STEP_UP_HEADER). */
export function stepUpProofOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['x-step-up'];
  return Array.isArray(value) ? value[0] : value;
}
