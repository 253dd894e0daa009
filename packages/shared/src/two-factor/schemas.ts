import { z } from 'zod';
import { loginResult } from '../auth/schemas.ts';

/**
 * The TOTP second factor's requests and answers (modules/two-factor on the server). A code is the
 * 6 digits of the authenticator app or one recovery code (10 base32 characters, a dash allowed).
 */
export const TV = { code: 'validation.twoFactorCode' } as const;

export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/;

export const secondFactorCode = z
  .string({ error: TV.code })
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), TV.code);

/** A login's second step, named by its challenge (answered by the password step). */
export const challengeSchema = z.string({ error: TV.code }).regex(/^[A-Za-z0-9_-]{20,100}$/, TV.code);

/** POST /api/ops/login answers no session yet: the second step to take and its challenge. */
export const secondStepAnswer = z.object({
  /** `enrol`: no second factor yet, set one up now; `code`: enter the authenticator's code. */
  step: z.enum(['enrol', 'code']),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondStepAnswer = z.infer<typeof secondStepAnswer>;

export const challengeBody = z.object({ challenge: challengeSchema });

/** The secret to scan (QR code as a PNG data URL of the otpauth:// URL) or type in. */
export const enrolmentAnswer = z.object({ otpauthUrl: z.string(), qrDataUrl: z.string(), secret: z.string() });
export type EnrolmentAnswer = z.infer<typeof enrolmentAnswer>;

export const secondFactorBody = z.object({ challenge: challengeSchema, code: secondFactorCode });
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** The enrolment confirmed: the session, and the recovery codes shown this once. */
export const enrolledAnswer = loginResult.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledAnswer = z.infer<typeof enrolledAnswer>;
