import type { OpsRole } from '@shopdesk/shared/ops/operators';

/** Who is calling a seller or operator route: the session's user, resolved by plugins/auth.ts. */
export interface Caller {
  userId: number;
  role: 'seller' | 'operator';
  shopId: number | null;
  /** The seller's role in their shop (SPEC §6); null for operators. */
  shopRole: 'admin' | 'user' | null;
  /** The operator's platform role; null for sellers. */
  opsRole: OpsRole | null;
  sessionId: number;
}
