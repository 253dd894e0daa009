import { Result } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import { DESKTOP_PAGES, DESKTOP_REDIRECTS } from '../../lib/route-table.ts';
import { NotFoundPage } from '../../components/desktop/not-found.tsx';
import { DesktopLayout } from '../layouts/desktop/desktop-layout.tsx';
import { permittedRoute } from '../router/permission-gate.tsx';
import { DESKTOP_PAGE_COMPONENTS } from './desktop-pages.tsx';

const relative = (path: string) => path.replace(/^\//, '');

/** A page the role may not see: why, instead of the page. */
const denied = ({ title, reason }: { title: string; reason: string }) => <Result status="403" title={title} subTitle={reason} data-testid="page-denied" />;

/** The desktop routes: the main layout and every desktop page of SPEC §2. */
export function DesktopRoot() {
  return (
    <Routes>
      <Route element={<DesktopLayout />}>
        {Object.entries(DESKTOP_REDIRECTS).map(([from, to]) =>
          from === '/' ? (
            <Route key={from} index element={<Navigate to={to} replace />} />
          ) : (
            <Route key={from} path={relative(from)} element={<Navigate to={to} replace />} />
          ),
        )}
        {DESKTOP_PAGES.map(({ path, permission }) => permittedRoute({ path, relativePath: relative(path), permission, Page: DESKTOP_PAGE_COMPONENTS[path], denied }))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
export { preloadDesktopPage } from './desktop-pages.tsx';
