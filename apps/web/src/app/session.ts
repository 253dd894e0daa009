import { detectMobile } from '../lib/device.ts';
import { loginPathFor } from '../lib/device-routing.ts';
import { queryClient } from './providers/query-client.ts';
import { replaceLocation } from './router/router.tsx';

/**
 * Sends the user to the login page of their device, dropping any cached server state. Registered
 * as the HTTP client's session-end hook at start-up (configure-app.ts); features end a session
 * through `endSession` of lib/http.ts and never import the app.
 */
export function goToLogin(): void {
  queryClient.clear();
  replaceLocation(loginPathFor(detectMobile()));
}
