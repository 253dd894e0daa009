import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BootSpinner } from '../guard/boot-spinner.tsx';
import { DesktopKitProvider } from './desktop-kit-provider.tsx';

/** antd and its message holder, kept across the login page and the main layout. */
export function DesktopShell() {
  return (
    <DesktopKitProvider>
      <Suspense fallback={<BootSpinner />}>
        <Outlet />
      </Suspense>
    </DesktopKitProvider>
  );
}
