import { withinGraphemes } from '../text-length.ts';
import { z } from 'zod';
import { encoded, plainPasswordSchema, usernameSchema } from '../auth/schemas.ts';
import { paged } from '../envelope.ts';
import { pageFields } from '../validation.ts';
import { roleKeySchema } from './permissions.ts';

/** User management: the people of one shop and their role (SPEC §3; roles and permissions in ./permissions.ts). */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USERS = {
  NAME_MAX: 50,
  EMAIL_MAX: 100,
  KEYWORD_MAX: 50,
} as const;

/** Message keys: the server translates `validation.*`, the web app `users:validation.*`. */
export const UV = {
  required: 'validation.required',
  name: 'validation.userName',
  email: 'validation.email',
  role: 'validation.role',
} as const;

export const userNameSchema = z.string({ error: UV.name }).trim().refine(withinGraphemes(USERS.NAME_MAX), UV.name);
/** Optional: empty, or an address of at most USERS.EMAIL_MAX characters. */
export const emailSchema = z
  .string({ error: UV.email })
  .trim()
  .max(USERS.EMAIL_MAX, UV.email)
  .regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, UV.email);
/** A role of the shop (GET /api/users/roles), by its id. */
export const roleIdSchema = z.number({ error: UV.role }).int(UV.role).positive(UV.role);

export const shopUser = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.number(),
  /** The default role it is (its name is translated by the client); null for a role the shop made. */
  roleKey: roleKeySchema.nullable(),
  roleName: z.string(),
  status: z.enum(USER_STATUSES),
  /** The shop's owner: holds the shop's fund password (docs/decisions.md, "The fund password is the shop's"). */
  owner: z.boolean(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type ShopUser = z.infer<typeof shopUser>;

export const usersListQuery = z.object({
  ...pageFields,
  /** Part of the username or name. */
  keyword: z.string().trim().max(USERS.KEYWORD_MAX).optional(),
  roleId: z.coerce.number().int().positive().optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UsersListQuery = z.input<typeof usersListQuery>;
export const usersListAnswer = paged(shopUser);

export const addUserBody = z.object({
  username: usernameSchema,
  /** Base64 like the login (SPEC §5). */
  password: encoded(plainPasswordSchema),
  name: userNameSchema.optional().default(''),
  email: emailSchema.optional().default(''),
  roleId: roleIdSchema,
});
export type AddUserBody = z.input<typeof addUserBody>;

export const updateUserBody = z.object({
  userId: z.number().int().positive(),
  name: userNameSchema,
  email: emailSchema,
  roleId: roleIdSchema,
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userIdBody = z.object({ userId: z.number().int().positive() });
export type UserIdBody = z.input<typeof userIdBody>;

export const resetPasswordBody = z.object({
  userId: z.number().int().positive(),
  password: encoded(plainPasswordSchema),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Client-side forms (plain passwords, encoded before sending). */
export const addUserForm = z.object({
  username: usernameSchema,
  password: plainPasswordSchema,
  name: userNameSchema,
  email: emailSchema,
  roleId: roleIdSchema,
});
