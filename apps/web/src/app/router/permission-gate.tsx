import type { ComponentType, ReactNode } from 'react';
import { Route } from 'react-router';
import { boundedPage } from './page-boundary.tsx';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@shopdesk/shared/users/permission-rules';
import { usePermissions } from '../../features/users/api/permissions.ts';

/**
 * A page the caller's role may not see (its menu entry is hidden, but an address can still be typed
 * or followed): the device's notice with the reason instead, and none of the page's requests sent.
 * While the role is still loading the page waits, so it never flashes a refusal.
 */
export function PermittedPage({
  permission,
  children,
  denied,
}: {
  permission: Permission;
  children: ReactNode;
  denied: (texts: { title: string; reason: string }) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const permissions = usePermissions();
  if (permission === 'member' || permissions.can(permission)) return children;
  if (permissions.isPending) return null;
  return denied({ title: t('permission.deniedTitle'), reason: permissions.reason(permission) });
}

type Denied = (texts: { title: string; reason: string }) => ReactNode;

/** One page's route in either device's tree: the page in its boundary, behind its permission. */
export function permittedRoute({ path, relativePath, permission, Page, denied }: { path: string; relativePath: string; permission: Permission; Page: ComponentType; denied: Denied }) {
  return (
    <Route
      key={path}
      path={relativePath}
      element={
        <PermittedPage permission={permission} denied={denied}>
          {boundedPage(Page)}
        </PermittedPage>
      }
    />
  );
}
