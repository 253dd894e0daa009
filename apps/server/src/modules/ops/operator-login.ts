import type { z } from 'zod';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import type { EnrolledAnswer, EnrolmentAnswer, SecondStepAnswer, secondFactorBody } from '@shopdesk/shared/two-factor/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authenticate, type LoginInput } from '../auth/auth-service.ts';
import { createSession } from '../auth/session-service.ts';
import { beginEnrolment, challengeUser, checkSecondFactor, closeChallenge, confirmEnrolment, openChallenge, secondFactorEnabled } from '../two-factor/two-factor-service.ts';
import { currentOperator } from './operator-service.ts';

/**
 * An operator's login is two steps (docs/decisions.md, "Operators' second factor"): the password
 * opens a challenge, and only the authenticator's code (or a recovery code) opens the session. An
 * operator without a second factor must enrol one in that second step before any session exists.
 */
export async function operatorLogin(db: Db, config: AppConfig, input: Omit<LoginInput, 'role'>): Promise<SecondStepAnswer> {
  const user = await authenticate(db, config, { ...input, role: 'operator' });
  const step = (await secondFactorEnabled(db, user.id)) ? 'code' : 'enrol';
  return { step, ...(await openChallenge(db, user.id, input.rememberMe)) };
}

/** The enrolment's secret and QR code for the challenge's operator (a new secret each time it is asked). */
export async function operatorEnrolment(db: Db, challenge: string): Promise<EnrolmentAnswer> {
  const { userId } = await challengeUser(db, challenge);
  const operator = await currentOperator(db, userId);
  return beginEnrolment(db, userId, operator.username);
}

async function openSession(db: Db, config: AppConfig, challenge: { id: number; userId: number; remember: boolean }): Promise<LoginResult> {
  await closeChallenge(db, challenge.id);
  const session = await createSession(db, challenge.userId, challenge.remember ? config.sessionTtlRememberMs : config.sessionTtlMs, challenge.remember);
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), userId: challenge.userId, shopId: 0, shopName: '', shopLogo: '' };
}

/** Confirms the enrolment with a first code: the session, and the recovery codes shown this once. */
export async function operatorConfirmEnrolment(db: Db, config: AppConfig, body: z.output<typeof secondFactorBody>, ip: string): Promise<EnrolledAnswer> {
  const challenge = await challengeUser(db, body.challenge);
  const recoveryCodes = await confirmEnrolment(db, challenge.userId, body.code, ip);
  return { ...(await openSession(db, config, challenge)), recoveryCodes };
}

/** The second step of an enrolled operator: a current code or an unused recovery code. */
export async function operatorSecondFactor(db: Db, config: AppConfig, body: z.output<typeof secondFactorBody>, ip: string): Promise<LoginResult> {
  const challenge = await challengeUser(db, body.challenge);
  await checkSecondFactor(db, challenge.userId, body.code, ip);
  return openSession(db, config, challenge);
}
