import { withinGraphemes } from '../text-length.ts';
import { z } from 'zod';
import { ACCOUNT_REQUESTS } from '../constants.ts';
import { phoneSocialSchema, shopNameSchema } from '../shop/schemas.ts';
import { emailSchema } from '../users/schemas.ts';
import { encoded, plainPasswordSchema, usernameSchema, V } from './schemas.ts';

/**
 * The way back in for sellers (forgot password, register): the seller asks from the login page, a
 * platform operator approves (docs/decisions.md, "Password resets and registrations"). These are
 * the seller's requests and the operator's rows; the lifecycles live in modules/auth on the server.
 */

export const AV = { contact: 'validation.contact', resetLink: 'validation.resetLink' } as const;

const contactSchema = z.string({ error: AV.contact }).trim().refine(withinGraphemes(ACCOUNT_REQUESTS.CONTACT_MAX), AV.contact);

/** POST /api/sellAuth/resetRequest: who forgot the password, and how the operator can reach them. */
export const resetRequestBody = z.object({
  username: usernameSchema,
  contact: contactSchema.optional().default(''),
});
export type ResetRequestBody = z.input<typeof resetRequestBody>;

/** The same answer whether or not the account exists (nobody learns which usernames are real). */
export const resetRequestAnswer = z.object({ linkValidMinutes: z.number() });
export type ResetRequestAnswer = z.infer<typeof resetRequestAnswer>;

/** A reset link's token: 256 random bits, base64url. */
export const resetTokenSchema = z.string({ error: AV.resetLink }).regex(/^[A-Za-z0-9_-]{20,100}$/, AV.resetLink);

export const resetCheckBody = z.object({ token: resetTokenSchema });
/** What the reset page shows before the new password is typed: whose password, until when. */
export const resetCheckAnswer = z.object({ username: z.string(), expiresAt: z.string() });
export type ResetCheckAnswer = z.infer<typeof resetCheckAnswer>;

/** POST /api/sellAuth/resetPassword: the link's token and the new password (base64, SPEC §5). */
export const resetPasswordBody = z.object({ token: resetTokenSchema, newPassword: encoded(plainPasswordSchema) });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /api/sellAuth/register: a new shop and its owner, pending the operator's approval. */
export const registerBody = z.object({
  username: usernameSchema,
  password: encoded(plainPasswordSchema),
  shopName: shopNameSchema,
  email: emailSchema.optional().default(''),
  whatsapp: phoneSocialSchema.optional().default(''),
});
export type RegisterBody = z.input<typeof registerBody>;
export const registerAnswer = z.object({ shopId: z.number(), approval: z.literal('pending') });
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** The register page's form: the body's fields with the password in plain text, typed twice. */
export const registerForm = z
  .object({
    username: usernameSchema,
    password: plainPasswordSchema,
    confirmPassword: z.string().min(1, V.required),
    shopName: shopNameSchema,
    email: emailSchema,
    whatsapp: phoneSocialSchema,
  })
  .refine((f) => f.password === f.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDoNotMatch });

/** Client-side forms: the new password typed twice. */
export const newPasswordForm = z
  .object({ newPassword: plainPasswordSchema, confirmPassword: z.string().min(1, V.required) })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDoNotMatch });

// ——— the operator's side (console and `npm run ops`) ———

/** A reset request's states; `expired` is an approved link past its 30 minutes (computed, never stored). */
export const RESET_STATUSES = ['pending', 'approved', 'used', 'expired', 'rejected'] as const;
export type ResetStatus = (typeof RESET_STATUSES)[number];
export const RESET_DELIVERIES = ['handover', 'email'] as const;

export const opsResetsQuery = z.object({ status: z.enum(RESET_STATUSES).default('pending') });

export const opsResetRow = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  /** The seller's shop (null only for a user without one). */
  shopId: z.number().nullable(),
  shopName: z.string(),
  /** The account's email on file: where an approved link is sent when an SMTP server is configured. */
  email: z.string(),
  /** What the seller typed as a way to reach them. */
  contact: z.string(),
  /** The language the seller asked in (the email is written in it). */
  language: z.string(),
  status: z.enum(RESET_STATUSES),
  requestedAt: z.string(),
  requestedFrom: z.string(),
  decidedAt: z.string().nullable(),
  /** When the approved link stops working. */
  expiresAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  delivery: z.enum(RESET_DELIVERIES).nullable(),
  rejectReason: z.string().nullable(),
});
export type OpsResetRow = z.infer<typeof opsResetRow>;

/**
 * The answer to an approval: the row, and the one-time link for the operator to hand over (null
 * when it went by email: then nobody but the seller sees it). It is shown once and never stored.
 */
export const opsResetApproval = opsResetRow.extend({ link: z.string().nullable() });
export type OpsResetApproval = z.infer<typeof opsResetApproval>;

export const SHOP_APPROVALS = ['pending', 'approved', 'rejected'] as const;
export type ShopApproval = (typeof SHOP_APPROVALS)[number];

export const opsRegistrationsQuery = z.object({ status: z.enum(SHOP_APPROVALS).default('pending') });

export const opsRegistrationRow = z.object({
  shopId: z.number(),
  shopName: z.string(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  approval: z.enum(SHOP_APPROVALS),
  /** The operator's reason for a rejection (the seller reads it when logging in). */
  note: z.string(),
  registeredAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OpsRegistrationRow = z.infer<typeof opsRegistrationRow>;

export const opsDecisionBody = z.object({ reason: z.string().trim().max(ACCOUNT_REQUESTS.REJECT_REASON_MAX).optional() }).default({});
