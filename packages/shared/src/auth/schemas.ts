import { z } from 'zod';
import { memberRoleSchema } from '../users/permissions.ts';
import { AUTH } from '../constants.ts';
import { decodePassword } from './password-encoding.ts';

export { decodePassword, encodePassword } from './password-encoding.ts';

/** Validation message keys: the web app and the server both translate these. */
export const V = {
  required: 'validation.required',
  usernameLength: 'validation.usernameLength',
  passwordLength: 'validation.passwordLength',
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  fundPasswordFormat: 'validation.fundPasswordFormat',
  invalidEncoding: 'validation.invalidEncoding',
} as const;

export const usernameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(AUTH.USERNAME_MIN, V.usernameLength)
  .max(AUTH.USERNAME_MAX, V.usernameLength);

export const plainPasswordSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .min(AUTH.PASSWORD_MIN, V.passwordLength)
  .max(AUTH.PASSWORD_MAX, V.passwordLength);

export const plainFundPasswordSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .regex(new RegExp(`^\\d{${AUTH.FUND_PASSWORD_LENGTH}}$`), V.fundPasswordFormat);

/** A base64 field that must decode to a value matching `inner`. */
export function encoded<T extends z.ZodType<string>>(inner: T) {
  return z
    .string({ error: V.required })
    .min(1, V.required)
    .transform((value, ctx) => {
      const decoded = decodePassword(value);
      if (decoded === null) {
        ctx.addIssue({ code: 'custom', message: V.invalidEncoding });
        return z.NEVER;
      }
      const parsed = inner.safeParse(decoded);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? V.required });
        return z.NEVER;
      }
      return parsed.data as string;
    });
}

export const loginBody = z.object({
  username: usernameSchema,
  password: encoded(plainPasswordSchema),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResult = z.object({
  token: z.string(),
  userId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  shopLogo: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const currentUser = z.object({
  userId: z.number(),
  username: z.string(),
  role: z.enum(['seller', 'operator']),
  /** The seller's role in their shop and what it allows (docs/decisions.md, "Staff roles and permissions"); null for operators. */
  shopRole: memberRoleSchema.nullable(),
  name: z.string(),
  /** Whether the shop's fund password is set (it belongs to the shop: docs/decisions.md, "The fund password is the shop's"). */
  fundPasswordSet: z.boolean(),
  /** The member's second factor is on; the shop requires it of every member (then a member without it is sent to enrol). */
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  shop: z
    .object({
      shopId: z.number(),
      shopName: z.string(),
      shopLogo: z.string(),
      vipLevel: z.number(),
      creditScore: z.number(),
      frozen: z.boolean(),
    })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * SPEC §7: login password change sends userId, password (old, encoded), newPwd;
 * fund password change sends userId, fundPassword (old, encoded), newPwd. newPwd is encoded too.
 * The presence of `fundPassword` selects the fund-password rules for both fields.
 */
export const updatePasswordBody = z
  .object({
    userId: z.number().int().optional(),
    password: z.string().optional(),
    fundPassword: z.string().optional(),
    newPwd: z.string({ error: V.required }),
  })
  .transform((body, ctx) => {
    const kind = body.fundPassword !== undefined ? ('fund' as const) : ('login' as const);
    const rule = kind === 'fund' ? encoded(plainFundPasswordSchema) : encoded(plainPasswordSchema);
    const oldField = kind === 'fund' ? 'fundPassword' : 'password';
    const oldParsed = rule.safeParse(body[oldField] ?? '');
    const newParsed = rule.safeParse(body.newPwd);
    for (const [path, parsed] of [[oldField, oldParsed], ['newPwd', newParsed]] as const) {
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [path], message: parsed.error.issues[0]?.message ?? V.required });
    }
    if (!oldParsed.success || !newParsed.success) return z.NEVER;
    return { kind, userId: body.userId, oldPassword: oldParsed.data, newPassword: newParsed.data };
  });
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const setPayPasswordBody = z.object({
  fundPassword: encoded(plainFundPasswordSchema),
  confirmPassword: encoded(plainFundPasswordSchema),
});
export type SetPayPasswordBody = z.input<typeof setPayPasswordBody>;

/** Client-side form for a login-password change (oldPassword, newPassword, confirmPassword). */
export const changePasswordForm = z
  .object({ oldPassword: plainPasswordSchema, newPassword: plainPasswordSchema, confirmPassword: z.string().min(1, V.required) })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDoNotMatch });

export const changeFundPasswordForm = z
  .object({ oldPassword: plainFundPasswordSchema, newPassword: plainFundPasswordSchema, confirmPassword: z.string().min(1, V.required) })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDoNotMatch });
