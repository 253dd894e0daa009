import { Navigate, Route, Routes } from 'react-router';
import { boundedPage } from '../router/page-boundary.tsx';
import { DESKTOP_PAGES, DESKTOP_REDIRECTS } from '../../lib/route-table.ts';
import { NotFoundPage } from '../../components/desktop/not-found.tsx';
import { DesktopLayout } from '../layouts/desktop/desktop-layout.tsx';
import { DESKTOP_PAGE_COMPONENTS } from './desktop-pages.tsx';

const relative = (path: string) => path.replace(/^\//, '');

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
        {DESKTOP_PAGES.map(({ path }) => {
          const Page = DESKTOP_PAGE_COMPONENTS[path];
          return <Route key={path} path={relative(path)} element={boundedPage(Page)} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
export { preloadDesktopPage } from './desktop-pages.tsx';
