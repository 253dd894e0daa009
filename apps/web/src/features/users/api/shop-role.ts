import { useMe } from '../../auth/api/me.ts';

/**
 * The caller's role in the shop (SPEC §6). The server refuses admin-only calls anyway; this only
 * hides or disables what an ordinary user may not do. Unknown (still loading) counts as not admin.
 */
export function useShopRole(): { isAdmin: boolean; isPending: boolean } {
  const me = useMe();
  return { isAdmin: me.data?.shopRole === 'admin', isPending: me.isPending };
}
