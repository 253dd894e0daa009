import { Navigate, Route, Routes } from 'react-router';
import { boundedPage } from '../router/page-boundary.tsx';
import { MOBILE_PAGES, MOBILE_REDIRECTS, PATHS } from '../../lib/route-table.ts';
import { MobileNotFoundPage } from '../../components/mobile/not-found-page.tsx';
import { MobileLayout } from '../layouts/mobile/mobile-layout.tsx';
import { MOBILE_PAGE_COMPONENTS } from './mobile-pages.tsx';

const relative = (path: string) => path.replace(/^\/m\/?/, '');

/** The mobile routes: the mobile layout and every page of SPEC §2 under /m. */
export function MobileRoot() {
  return (
    <Routes>
      <Route element={<MobileLayout />}>
        <Route index element={<Navigate to={MOBILE_REDIRECTS[PATHS.mobileRoot]} replace />} />
        {MOBILE_PAGES.map(({ path }) => {
          const Page = MOBILE_PAGE_COMPONENTS[path];
          return <Route key={path} path={relative(path)} element={boundedPage(Page)} />;
        })}
        <Route path="*" element={<MobileNotFoundPage />} />
      </Route>
    </Routes>
  );
}
export { preloadMobilePage } from './mobile-pages.tsx';
