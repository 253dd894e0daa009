import { z } from 'zod';
import { encoded, plainPasswordSchema, usernameSchema } from '../auth/schemas.ts';
import { userNameSchema, USER_STATUSES } from '../users/schemas.ts';

/**
 * The platform's operators and what each role may do: `super_admin` everything (and the operators
 * themselves), `finance` deposits, withdrawals and the ledger, `catalog` the warehouse, categories,
 * coupons and packages, `support` shops, buyers, appeals and money read-only. Each /api/ops route
 * names the roles it allows (`x-ops-roles` in the API document).
 */
export const OPS_ROLES = ['super_admin', 'finance', 'catalog', 'support'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** Message key of a role that is not one of OPS_ROLES (the server and the console translate it). */
export const OV = { role: 'validation.opsRole' } as const;

export const opsRoleSchema = z.enum(OPS_ROLES, { error: OV.role });

/** One operator as the super admin's list shows it. */
export const opsOperatorRow = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  opsRole: z.enum(OPS_ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  /** Whether the operator has enrolled an authenticator (a reset clears it until their next login). */
  twoFactor: z.boolean(),
});
export type OpsOperatorRow = z.infer<typeof opsOperatorRow>;

/** POST /api/ops/operators: a new operator; the password is base64 like every password (SPEC §5). */
export const createOperatorBody = z.object({
  username: usernameSchema,
  name: userNameSchema.optional().default(''),
  password: encoded(plainPasswordSchema),
  opsRole: opsRoleSchema,
});
export type CreateOperatorBody = z.input<typeof createOperatorBody>;

export const operatorRoleBody = z.object({ opsRole: opsRoleSchema });
export type OperatorRoleBody = z.input<typeof operatorRoleBody>;

/** GET /api/ops/whoami: the signed-in operator and their role. */
export const opsWhoami = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  opsRole: z.enum(OPS_ROLES),
});
export type OpsWhoami = z.infer<typeof opsWhoami>;
