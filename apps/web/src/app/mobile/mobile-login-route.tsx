import { MobileLoginPage } from '../../features/auth/mobile/mobile-login-page.tsx';
import { MobileKitProvider } from './mobile-kit-provider.tsx';

export function MobileLoginRoute() {
  return (
    <MobileKitProvider>
      <MobileLoginPage />
    </MobileKitProvider>
  );
}
