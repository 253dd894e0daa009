import { useTranslation } from 'react-i18next';
import { allows, parsePermission, type Permission } from '@shopdesk/shared/users/permission-rules';
import { useMe } from '../../auth/api/me.ts';

export interface Permissions {
  /** Still asking who the caller is: nothing is allowed yet, and nothing is said to be refused. */
  isPending: boolean;
  /** Whether the caller's role allows `permission` (the server checks it again on every call). */
  can: (permission: Permission) => boolean;
  /** Why the caller may not: the missing area and level, in the reader's language. */
  reason: (permission: Permission) => string;
  /** The caller holds the owner role (the only one that gives or takes it). */
  isOwner: boolean;
}

/**
 * What the caller's role allows (docs/decisions.md, "Staff roles and permissions"), for the menus
 * and pages to hide or disable what it does not, with the reason.
 */
export function usePermissions(): Permissions {
  const { t } = useTranslation('common');
  const me = useMe();
  const role = me.data?.shopRole ?? null;
  return {
    isPending: me.isPending,
    can: (permission) => allows(role?.permissions, permission),
    reason: (permission) => {
      const need = parsePermission(permission);
      return need ? t('permission.denied', { area: t(`permission.area.${need.area}`), level: t(`permission.level.${need.level}`) }) : t('http.forbidden');
    },
    isOwner: role?.key === 'owner',
  };
}
