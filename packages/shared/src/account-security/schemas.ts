import { z } from 'zod';
import { WALLET } from '../constants.ts';
import { loginResult } from '../auth/schemas.ts';
import { secondFactorCode, secondStepAnswer } from '../two-factor/schemas.ts';

/**
 * A shop member's account security: the second factor in their own menu, the step-up proof asked
 * before a sensitive action, the signed-in devices and the shop's withdrawal address book.
 */

/** The actions that ask the second factor again, whatever the shop's setting, when it is on. */
export const STEP_UP_ACTIONS = ['withdraw', 'fund_password', 'withdrawal_address', 'role_change'] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

/** The header a sensitive request carries its step-up proof in. */
export const STEP_UP_HEADER = 'x-step-up';

/** POST /api/sellAuth/login: a session, or (second factor on) the second step and its challenge. */
export const sellerLoginAnswer = z.union([loginResult, secondStepAnswer]);
export type SellerLoginAnswer = z.infer<typeof sellerLoginAnswer>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The shop requires the second factor of every member. */
  required: z.boolean(),
  /** Unused recovery codes left (0 when not enabled). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const codeBody = z.object({ code: secondFactorCode });
export type CodeBody = z.input<typeof codeBody>;

export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const requirementBody = z.object({ required: z.boolean() });

export const stepUpBody = z.object({ action: z.enum(STEP_UP_ACTIONS), code: secondFactorCode });
export type StepUpBody = z.input<typeof stepUpBody>;
export const stepUpAnswer = z.object({ proof: z.string(), expiresAt: z.string() });
export type StepUpAnswer = z.infer<typeof stepUpAnswer>;

/** One signed-in device (a live session of the account). */
export const sessionLine = z.object({
  id: z.number().int(),
  browser: z.string(),
  system: z.string(),
  ip: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionLine = z.infer<typeof sessionLine>;
export const sessionsAnswer = z.array(sessionLine);
export const revokedAnswer = z.object({ revoked: z.number().int() });

/** One saved withdrawal address; `usableAt` is when a withdrawal may go to it (ISO 8601). */
export const withdrawalAddressLine = z.object({
  id: z.number().int(),
  network: z.enum(WALLET.NETWORKS),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  usableAt: z.string(),
  usable: z.boolean(),
});
export type WithdrawalAddressLine = z.infer<typeof withdrawalAddressLine>;
export const withdrawalAddressesAnswer = z.array(withdrawalAddressLine);

export const saveAddressBody = z.object({
  network: z.enum(WALLET.NETWORKS),
  address: z.string().trim().max(120),
  label: z.string().trim().max(40).default(''),
});
export type SaveAddressBody = z.input<typeof saveAddressBody>;
