import type { OpsRole } from '@shopdesk/shared/ops/operators';

/**
 * A route's `config` for the operator roles it allows; the super admin is always among them
 * (docs/decisions.md, "Operator roles").
 */
export function opsAccess(...roles: Exclude<OpsRole, 'super_admin'>[]) {
  return { access: 'operator' as const, opsRoles: ['super_admin', ...roles] as const satisfies readonly OpsRole[] };
}

/** Every operator: their own session, second factor and identity. */
export const anyOperator = opsAccess('finance', 'catalog', 'support');
