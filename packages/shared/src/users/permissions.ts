import { z } from 'zod';
import { withinGraphemes } from '../text-length.ts';
import { DEFAULT_ROLE_KEYS, PERMISSION_AREAS, PERMISSION_LEVELS, type DefaultRoleKey, type PermissionArea } from './permission-rules.ts';

/** The staff roles' request and answer schemas; the rules themselves are in ./permission-rules.ts. */
export const ROLES = { NAME_MAX: 30 } as const;

/** Message keys: the server translates `validation.*`, the web app `users:validation.*`. */
export const RV = { name: 'validation.roleName', matrix: 'validation.roleMatrix' } as const;

export const permissionMatrixSchema = z.object(
  Object.fromEntries(PERMISSION_AREAS.map((a) => [a, z.enum(PERMISSION_LEVELS, { error: RV.matrix })])) as Record<PermissionArea, z.ZodEnum<{ none: 'none'; view: 'view'; edit: 'edit' }>>,
  { error: RV.matrix },
);

export const roleNameSchema = z
  .string({ error: RV.name })
  .trim()
  .min(1, RV.name)
  .refine(withinGraphemes(ROLES.NAME_MAX), RV.name);

export const roleKeySchema = z.enum(DEFAULT_ROLE_KEYS as [DefaultRoleKey, ...DefaultRoleKey[]]);

/** The signed-in member's role (GET /api/sellAuth/me): what the web app shows, hides or disables by. */
export const memberRoleSchema = z.object({
  roleId: z.number().int(),
  /** The default role it is; null for a role the shop made. */
  key: roleKeySchema.nullable(),
  name: z.string(),
  permissions: permissionMatrixSchema,
});
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** A role of the shop: one of the defaults (key set, name translated by the client) or a custom one. */
export const shopRoleRow = memberRoleSchema.extend({
  /** Active members holding it. */
  members: z.number().int(),
});
export type ShopRoleRow = z.infer<typeof shopRoleRow>;
export const rolesListAnswer = z.object({ list: z.array(shopRoleRow) });

export const createRoleBody = z.object({ name: roleNameSchema, permissions: permissionMatrixSchema });
export type CreateRoleBody = z.input<typeof createRoleBody>;
export const updateRoleBody = createRoleBody.extend({ roleId: z.number().int().positive() });
export type UpdateRoleBody = z.input<typeof updateRoleBody>;
export const roleIdBody = z.object({ roleId: z.number().int().positive() });
export type RoleIdBody = z.input<typeof roleIdBody>;
