import { Result } from 'antd-mobile';
import { Navigate, Route, Routes } from 'react-router';
import { MOBILE_PAGES, MOBILE_REDIRECTS, PATHS } from '../../lib/route-table.ts';
import { MobileNotFoundPage } from '../../components/mobile/not-found-page.tsx';
import { MobileLayout } from '../layouts/mobile/mobile-layout.tsx';
import { permittedRoute } from '../router/permission-gate.tsx';
import { MOBILE_PAGE_COMPONENTS } from './mobile-pages.tsx';

const relative = (path: string) => path.replace(/^\/m\/?/, '');

/** A page the role may not see: why, instead of the page. */
const denied = ({ title, reason }: { title: string; reason: string }) => <Result status="warning" title={title} description={reason} data-testid="m-page-denied" />;

/** The mobile routes: the mobile layout and every page of SPEC §2 under /m. */
export function MobileRoot() {
  return (
    <Routes>
      <Route element={<MobileLayout />}>
        <Route index element={<Navigate to={MOBILE_REDIRECTS[PATHS.mobileRoot]} replace />} />
        {MOBILE_PAGES.map(({ path, permission }) => permittedRoute({ path, relativePath: relative(path), permission, Page: MOBILE_PAGE_COMPONENTS[path], denied }))}
        <Route path="*" element={<MobileNotFoundPage />} />
      </Route>
    </Routes>
  );
}
export { preloadMobilePage } from './mobile-pages.tsx';
