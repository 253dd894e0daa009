import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type ShopRoleRow } from '@shopdesk/shared/users/permissions';
import { NO_PERMISSIONS, PERMISSION_AREAS, PERMISSION_LEVELS, type PermissionLevel, type PermissionMatrix } from '@shopdesk/shared/users/permission-rules';
import { notify } from '../../../lib/notifier.ts';
import { usePermissions } from '../api/permissions.ts';
import { roleLabel, useDeleteRole, useRoles, useSaveRole } from '../api/roles.ts';
import { useUserRules } from './use-user-rules.ts';
import { useRoleChangeCode } from './use-role-change-code.ts';
import { showQuietFailure } from './use-user-actions.ts';

export interface RoleFormValues {
  name: string;
  permissions: PermissionMatrix;
  /** The authenticator's code, asked when an existing role's permissions change with the second factor on. */
  code?: string;
}

interface ResettableForm {
  resetFields(): void;
  setFieldsValue(values: RoleFormValues): void;
}

/**
 * The roles tab on both devices (docs/decisions.md, "Staff roles and permissions"): the shop's
 * roles with what each allows per area, a new or edited role's name and matrix (none / view / view
 * and edit per area), and deleting a role nobody holds. Default roles are shown, never changed; a
 * role without the users edit permission sees the list only, with the reason.
 */
/** Fills the role form each time it opens (both devices' dialog and sheet). */
export function useRoleFormFill(roles: { dialog: unknown; fill: (form: ResettableForm) => void }, form: ResettableForm) {
  const open = roles.dialog !== null;
  const { fill } = roles;
  useEffect(() => {
    if (open) fill(form);
    // Only on opening: the dialog's own role is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);
  return open;
}

export function useRolesScreen() {
  const { t } = useTranslation('users');
  const permissions = usePermissions();
  const canEdit = permissions.can('users:edit');
  const roles = useRoles(permissions.can('users:view'));
  const save = useSaveRole();
  const remove = useDeleteRole();
  const rules = useUserRules();
  const [dialog, setDialog] = useState<{ role: ShopRoleRow | null } | null>(null);
  const [matrix, setMatrix] = useState<Partial<PermissionMatrix>>({});
  const edited = dialog?.role ?? null;
  const code = useRoleChangeCode(edited !== null && PERMISSION_AREAS.some((area) => (matrix[area] ?? edited.permissions[area]) !== edited.permissions[area]), 'role-code-input');
  const levelLabel = (level: PermissionLevel) => t(`common:permission.level.${level}`);
  const areaLabel = (area: (typeof PERMISSION_AREAS)[number]) => t(`common:permission.area.${area}`);

  return {
    roles,
    canEdit,
    editDenied: permissions.reason('users:edit'),
    rows: (roles.data?.list ?? []).map((role) => ({
      ...role,
      label: roleLabel(t, role),
      fixed: role.key !== null,
      kind: t(role.key ? 'roles.default' : 'roles.custom'),
      membersText: t('roles.members', { count: role.members }),
      /** What the role allows, area by area (areas at none left out). */
      grants: PERMISSION_AREAS.filter((area) => role.permissions[area] !== 'none').map((area) => ({ area, text: `${areaLabel(area)}: ${levelLabel(role.permissions[area])}`, edit: role.permissions[area] === 'edit' })),
      /** Why the role cannot be changed or deleted, or null. */
      lockedReason: !canEdit ? permissions.reason('users:edit') : role.key ? t('roles.fixed') : null,
    })),
    areas: PERMISSION_AREAS.map((area) => ({ area, label: areaLabel(area) })),
    levels: PERMISSION_LEVELS.map((level) => ({ value: level, label: levelLabel(level) })),
    /** The new or edited role: null when closed, `role` null for a new one. */
    dialog,
    openAdd: () => setDialog({ role: null }),
    openEdit: (role: ShopRoleRow) => setDialog({ role }),
    close: () => setDialog(null),
    /** Fills the form when it opens: the edited role's values, or a role that allows nothing. */
    fill: (form: ResettableForm) => {
      form.resetFields();
      form.setFieldsValue(dialog?.role ? { name: dialog.role.name, permissions: dialog.role.permissions } : { name: '', permissions: NO_PERMISSIONS });
      setMatrix({});
    },
    /** The code field of a role change, or null. */
    code,
    onValuesChange: (_changed: Partial<RoleFormValues>, all: Partial<RoleFormValues>) => setMatrix({ ...all.permissions }),
    form: {
      title: dialog?.role ? t('roles.editTitle', { name: dialog.role.name }) : t('roles.addTitle'),
      nameLabel: t('roles.name'),
      namePlaceholder: t('roles.namePlaceholder'),
      nameRules: rules.roleName,
      nameMax: ROLES.NAME_MAX,
      matrixLabel: t('roles.permissions'),
      submitText: t('dialog.save'),
    },
    submit: async (values: RoleFormValues) => {
      const body = { name: values.name, permissions: { ...NO_PERMISSIONS, ...values.permissions } };
      try {
        await save.mutateAsync({ body: dialog?.role ? { roleId: dialog.role.roleId, ...body } : body, code: code ? values.code : undefined });
        notify.success(t(dialog?.role ? 'roles.updated' : 'roles.created', { name: values.name }));
        setDialog(null);
      } catch (error) {
        showQuietFailure(error);
      }
    },
    saving: save.isPending,
    /** The texts of the delete confirmation. */
    deleteTexts: (role: ShopRoleRow) => ({
      title: t('roles.deleteTitle', { name: role.name }),
      content: role.members > 0 ? t('roles.inUse') : t('roles.deleteText'),
      okText: t('roles.delete'),
      cancelText: t('common:actions.cancel'),
    }),
    remove: async (role: ShopRoleRow) => {
      try {
        await remove.mutateAsync(role.roleId);
        notify.success(t('roles.deleted', { name: role.name }));
      } catch {
        // shown by the HTTP client
      }
    },
  };
}
