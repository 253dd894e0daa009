import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AUTH } from '@shopdesk/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { MessageKey } from '../../i18n/messages/en-US.ts';

/**
 * New login passwords go through a maintained strength estimator (docs/decisions.md, "Login
 * password strength"): the 6–20 length of the spec stays, and on top of it a password must not be
 * one a cracker tries early. Only new passwords are judged; a stored one keeps logging in.
 * Without translations the estimator answers with its own warning keys, which map to our messages.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

type Reason = 'common' | 'similar' | 'word' | 'keyboard' | 'repeat' | 'sequence' | 'date' | 'personal' | 'short';

const REASON_OF_WARNING: Record<string, Reason> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  pwned: 'common',
  similarToCommon: 'similar',
  wordByItself: 'word',
  namesByThemselves: 'word',
  commonNames: 'word',
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  simpleRepeat: 'repeat',
  extendedRepeat: 'repeat',
  sequences: 'sequence',
  recentYears: 'date',
  dates: 'date',
  userInputs: 'personal',
};

/** Why the estimator finds a password weak, or null when it is strong enough. */
export function passwordWeakness(plain: string, userInputs: readonly string[] = []): Reason | null {
  const inputs = userInputs.map((input) => input.trim()).filter((input) => input.length > 0);
  const result = estimator.check(plain, inputs);
  if (result.score >= AUTH.PASSWORD_MIN_SCORE) return null;
  return (result.feedback.warning && REASON_OF_WARNING[result.feedback.warning]) || 'short';
}

/** PASSWORD_TOO_WEAK (422) with the reason in the caller's language, before anything changes. */
export function assertStrongPassword(plain: string, userInputs: readonly (string | null | undefined)[] = []): void {
  const reason = passwordWeakness(plain, userInputs.filter((input): input is string => typeof input === 'string'));
  if (!reason) return;
  const reasonKey: MessageKey = `passwordStrength.${reason}`;
  throw new AppError('PASSWORD_TOO_WEAK', { reasonKey }, { reason });
}
