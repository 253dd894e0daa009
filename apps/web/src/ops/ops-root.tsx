import { Suspense } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DesktopShell } from '../app/desktop/desktop-shell.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { opsSessionStore } from './api/session.ts';
import { roleAllows, useWhoami } from './api/ops-auth.ts';
import { errorText } from './api/error-text.ts';
import { OPS_PAGES } from './ops-pages.tsx';
import { OpsLayout } from './layout/ops-layout.tsx';
import { OpsLoginPage } from './pages/login-page.tsx';
import './ops.css';

export const OPS_LOGIN = '/ops/login';

function Loading() {
  return (
    <div className="ops-loading" data-testid="ops-loading">
      <Spin size="large" />
    </div>
  );
}

/** The console behind its login: no session opens the login page, which comes back here after. */
function RequireOperator() {
  const session = opsSessionStore.use();
  const location = useLocation();
  const whoami = useWhoami();
  const { t } = useTranslation('ops');
  if (!session) return <Navigate to={`${OPS_LOGIN}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (whoami.isPending) return <Loading />;
  if (whoami.isError) {
    return (
      <Result
        status="warning"
        title={t('common:states.loadFailed')}
        subTitle={errorText(whoami.error, t)}
        extra={<Button onClick={() => void whoami.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="ops-whoami-error"
      />
    );
  }
  return <OpsLayout operator={whoami.data} />;
}

/** The first page the operator's role may open. */
function OpsHome() {
  const whoami = useWhoami();
  const { t } = useTranslation('ops');
  const first = whoami.data && OPS_PAGES.find((p) => roleAllows(whoami.data.opsRole, p.roles));
  if (first) return <Navigate to={`/ops/${first.path}`} replace />;
  return <Result status="info" title={t('noPages')} data-testid="ops-no-pages" />;
}

function PageForRole({ roles, children }: { roles: (typeof OPS_PAGES)[number]['roles']; children: React.ReactNode }) {
  const whoami = useWhoami();
  const { t } = useTranslation('ops');
  if (!whoami.data || !roleAllows(whoami.data.opsRole, roles)) return <Result status="403" title={t('forbidden')} data-testid="ops-forbidden" />;
  return <>{children}</>;
}

function NotFoundPage() {
  const { t } = useTranslation('ops');
  return <Result status="404" title={t('common:states.pageNotFound')} subTitle={t('common:states.pageNotFoundHint')} data-testid="ops-not-found" />;
}

/** Each page of OPS_PAGES behind the role check, loading on its own. */
const pageRoutes = OPS_PAGES.map(({ path, roles, page: Page }) => ({
  path: `${path}/*`,
  element: (
    <PageForRole roles={roles}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageForRole>
  ),
}));

function OpsRoutes() {
  // The desktop's shell (antd with the app's theme, languages and message holder) around every page:
  // the console shares its chunk with the seller's desktop instead of splitting the kit set-up out of it.
  return useRoutes([
    {
      element: <DesktopShell />,
      children: [
        { path: 'login', element: <OpsLoginPage /> },
        { element: <RequireOperator />, children: [{ index: true, element: <OpsHome /> }, ...pageRoutes, { path: '*', element: <NotFoundPage /> }] },
      ],
    },
  ]);
}

/** The operator console under /ops: antd with the app's theme and languages, its own session and guard. */
export function OpsRoot() {
  return (
    <ErrorBoundary scope="page">
      <OpsRoutes />
    </ErrorBoundary>
  );
}
