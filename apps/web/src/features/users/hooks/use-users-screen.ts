import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useMe } from '../../auth/api/me.ts';
import { useInfiniteUsers, useUsers } from '../api/list-users.ts';
import { useShopRole } from '../api/shop-role.ts';
import { parseUsersSearch } from '../users-filters.ts';
import { useUserActions } from './use-user-actions.ts';

/**
 * User management (SPEC §3, §6) on both devices: the filters and page in the URL, the list of the
 * layout (a table, or the phone's feed), which user is the shop's last active administrator (the
 * server refuses to deactivate them: that action is disabled with the reason), the open dialog or
 * sheet (add, edit, reset password), and the actions with their confirmation texts. Only an
 * administrator's screen asks for the list; the others are told why not.
 */
export function useUsersScreen(layout: ListLayout) {
  const { t } = useTranslation('users');
  const role = useShopRole();
  const me = useMe();
  const [state, update] = useSearchState(parseUsersSearch);
  const filters = { keyword: state.keyword, role: state.role, status: state.status };
  const table = useUsers(state, layout === 'table' && role.isAdmin);
  const feed = useInfiniteUsers(filters, layout === 'feed' && role.isAdmin);
  // The shop's active admins, whatever the filters and page.
  const activeAdmins = useUsers({ page: 1, pageSize: 10, role: 'admin', status: 'active' }, role.isAdmin);
  const lastActiveAdmin = activeAdmins.data?.total === 1 ? activeAdmins.data.list[0]?.userId : undefined;
  const actions = useUserActions();
  const [dialog, setDialog] = useState<{ editing: ShopUser | null } | null>(null);
  const [resetting, setResetting] = useState<ShopUser | null>(null);

  return {
    /** Still asking who the caller is. */
    checking: role.isPending,
    isAdmin: role.isAdmin,
    state,
    update,
    filtered: Boolean(state.keyword || state.role || state.status),
    resetFilters: () => update({ keyword: undefined, role: undefined, status: undefined }),
    table,
    feed,
    isMe: (user: ShopUser) => user.userId === me.data?.userId,
    /** Deactivating this user would leave the shop without an active administrator. */
    isLastActiveAdmin: (user: ShopUser) => user.status === 'active' && user.userId === lastActiveAdmin,
    /** The add or edit dialog: null when closed, `editing` null to add. */
    dialog,
    openAdd: () => setDialog({ editing: null }),
    openEdit: (user: ShopUser) => setDialog({ editing: user }),
    closeDialog: () => setDialog(null),
    resetting,
    openReset: setResetting,
    closeReset: () => setResetting(null),
    /** The texts of the (de)activation confirmation. */
    confirmOf: (user: ShopUser, active: boolean) => ({
      title: t(active ? 'confirm.reactivateTitle' : 'confirm.deactivateTitle', { username: user.username }),
      content: t(active ? 'confirm.reactivateText' : 'confirm.deactivateText'),
      okText: t(active ? 'actions.reactivate' : 'actions.deactivate'),
      cancelText: t('common:actions.cancel'),
      danger: !active,
    }),
    setActive: actions.setActive,
    save: (values: Parameters<typeof actions.save>[1]) => actions.save(dialog?.editing ?? null, values),
    saving: actions.saving,
    resetPassword: actions.resetPassword,
    resettingPassword: actions.resetting,
  };
}
