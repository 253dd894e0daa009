import type { OpsRole } from '@shopdesk/shared/ops/operators';
import type { DefaultRoleKey, PermissionMatrix } from '@shopdesk/shared/users/permission-rules';

/** Who is calling a seller or operator route: the session's user, resolved by plugins/auth.ts. */
export interface Caller {
  userId: number;
  role: 'seller' | 'operator';
  shopId: number | null;
  /** The seller's role in their shop: its default key (null for a shop's own role); null for operators. */
  roleKey: DefaultRoleKey | null;
  /** What the seller's role allows per area; null for operators. */
  permissions: PermissionMatrix | null;
  /** The operator's platform role; null for sellers. */
  opsRole: OpsRole | null;
  sessionId: number;
  /**
   * The member's shop requires the second factor and the member has not turned it on: until they
   * do, only the routes that enrol it answer (plugins/auth.ts, `duringEnrolment`).
   */
  mustEnrolSecondFactor: boolean;
}
