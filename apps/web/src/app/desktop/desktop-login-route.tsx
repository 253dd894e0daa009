import { LoginPage } from '../../features/auth/desktop/login-page.tsx';
import { DesktopKitProvider } from './desktop-kit-provider.tsx';

export function DesktopLoginRoute() {
  return (
    <DesktopKitProvider>
      <LoginPage />
    </DesktopKitProvider>
  );
}
