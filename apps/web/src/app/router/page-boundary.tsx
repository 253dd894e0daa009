import type { ComponentType, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';

/** One page's error boundary: the layout around it stays usable, and moving to another page tries again. */
function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary scope="page" resetKey={pathname}>
      {children}
    </ErrorBoundary>
  );
}

/** A route's page inside its boundary (both devices' route trees). */
export function boundedPage(Page: ComponentType) {
  return (
    <PageBoundary>
      <Page />
    </PageBoundary>
  );
}
