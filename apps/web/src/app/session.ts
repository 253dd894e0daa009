import { clearStorage } from '../lib/storage.ts';
import { detectMobile } from '../lib/device.ts';
import { loginPathFor } from './router/device-routing.ts';
import { queryClient } from './providers/query-client.ts';
import { router } from './router/router.tsx';

/** Sends the user to the login page of their device, dropping any cached server state. */
export function goToLogin(): void {
  queryClient.clear();
  void router.navigate(loginPathFor(detectMobile()), { replace: true });
}

/** Logs out locally: "clear storage" of SPEC §8, then the login page. */
export function endSession(): void {
  clearStorage();
  goToLogin();
}
