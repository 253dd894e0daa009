/** Who is calling a seller or operator route: the session's user, resolved by plugins/auth.ts. */
export interface Caller {
  userId: number;
  role: 'seller' | 'operator';
  shopId: number | null;
  /** The seller's role in their shop (SPEC §6); null for operators. */
  shopRole: 'admin' | 'user' | null;
  sessionId: number;
}
