import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useMe } from '../../auth/api/me.ts';
import { useInfiniteUsers, useUsers } from '../api/list-users.ts';
import { usePermissions } from '../api/permissions.ts';
import { roleLabel, useRoles } from '../api/roles.ts';
import { parseUsersSearch } from '../users-filters.ts';
import { useUserActions } from './use-user-actions.ts';

/**
 * User management (SPEC §3) on both devices: the members and roles tabs, the filters and page in
 * the URL, the list of the layout (a table, or the phone's feed), which member is the shop's last
 * active owner (the server refuses to deactivate them: that action is disabled with the reason),
 * who may be changed (a member holding the owner role only by an owner), the open dialog or sheet
 * (add, edit, reset password), and the actions with their confirmation texts. Only a role with the
 * users permission asks for the list; the others are told why not.
 */
export function useUsersScreen(layout: ListLayout) {
  const { t } = useTranslation('users');
  const permissions = usePermissions();
  const canView = permissions.can('users:view');
  const canEdit = permissions.can('users:edit');
  const me = useMe();
  const [{ tab, ...state }, update] = useSearchState(parseUsersSearch);
  const filters = { keyword: state.keyword, roleId: state.roleId, status: state.status };
  const table = useUsers(state, layout === 'table' && canView && tab === 'members');
  const feed = useInfiniteUsers(filters, layout === 'feed' && canView && tab === 'members');
  const roles = useRoles(canView);
  const ownerRole = roles.data?.list.find((r) => r.key === 'owner');
  // Deactivating the only active owner is refused: the roles list counts each role's active members.
  const lastOwner = ownerRole?.members === 1;
  const actions = useUserActions();
  const [dialog, setDialog] = useState<{ editing: ShopUser | null } | null>(null);
  const [resetting, setResetting] = useState<ShopUser | null>(null);

  return {
    /** Still asking who the caller is. */
    checking: permissions.isPending,
    canView,
    canEdit,
    /** Why the list (or a change) is refused, in the reader's language. */
    viewDenied: permissions.reason('users:view'),
    editDenied: permissions.reason('users:edit'),
    tab,
    setTab: (next: string) => update({ tab: next === 'members' ? undefined : next }, { replace: true }),
    state,
    update,
    /** The role filter's choices and each member's role name. */
    roleChoices: (roles.data?.list ?? []).map((r) => ({ value: r.roleId, label: roleLabel(t, r) })),
    roleName: (user: ShopUser) => roleLabel(t, { key: user.roleKey, name: user.roleName }),
    filtered: Boolean(state.keyword || state.roleId || state.status),
    resetFilters: () => update({ keyword: undefined, roleId: undefined, status: undefined }),
    table,
    feed,
    isMe: (user: ShopUser) => user.userId === me.data?.userId,
    /** Deactivating this member would leave the shop without an active owner. */
    isLastActiveOwner: (user: ShopUser) => user.status === 'active' && user.roleKey === 'owner' && lastOwner,
    /** Why this member cannot be changed by the caller, or null when they can. */
    lockedReason: (user: ShopUser) => (!canEdit ? permissions.reason('users:edit') : user.roleKey === 'owner' && !permissions.isOwner ? t('actions.ownerOnly') : null),
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
