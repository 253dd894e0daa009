import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BootSpinner } from '../guard/boot-spinner.tsx';
import { MobileKitProvider } from './mobile-kit-provider.tsx';

/** antd-mobile and its Toast notifier, kept across the login page and the mobile layout. */
export function MobileShell() {
  return (
    <MobileKitProvider>
      <Suspense fallback={<BootSpinner />}>
        <Outlet />
      </Suspense>
    </MobileKitProvider>
  );
}
