import { createHttpClient, type HttpMessageKey } from '../../lib/http.ts';
import { createPreferenceStore } from '../../lib/preference-store.ts';
import { getPreference, setPreference } from '../../lib/storage.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';

export interface BuyerSession {
  buyerToken: string;
  buyerId: number;
  nickname: string;
  expiresAt: string;
}

function parseSession(raw: string | null): BuyerSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BuyerSession>;
    return typeof value.buyerToken === 'string' && value.buyerToken ? (value as BuyerSession) : null;
  } catch {
    return null;
  }
}

/** The buyer's session, apart from the seller's keys (SPEC §3 storage keys stay the seller's). */
export const buyerSessionStore = createPreferenceStore<BuyerSession | null>('buyerSession', parseSession, (s) => (s ? JSON.stringify(s) : ''));

/** A random id kept per browser so an anonymous visitor's product views are counted once per window. */
function visitorId(): string {
  let id = getPreference('mallVisitorId');
  if (!id) {
    id = newIdempotencyKey();
    setPreference('mallVisitorId', id);
  }
  return id;
}

/** What the mall's root gives the client once it runs: its catalog's words and its login page. */
interface MallHooks {
  /** A key of the mall's or the common catalog in the current language. */
  t(key: string): string;
  /** The server says the buyer session is gone: the mall shows its login page. */
  onSessionEnd(): void;
}

let mallHooks: MallHooks = { t: (key) => key, onSessionEnd: () => undefined };
export function configureMallHttp(next: MallHooks): void {
  mallHooks = next;
}

/** The client's own messages in the mall's words (a network failure and a timeout read the same to a buyer). */
const MALL_TEXT: Record<HttpMessageKey, string> = {
  loginExpired: 'common:http.loginExpired',
  forbidden: 'common:http.forbidden',
  requestFailed: 'mall:state.error',
  networkError: 'mall:state.networkError',
  timeout: 'mall:state.networkError',
  offline: 'common:http.offline',
};

/**
 * The mall's client: the seller's client (lib/http.ts) with the buyer's session. It sends
 * `buyerToken` and `x-visitor-id` instead of the seller's authToken, an ended buyer session clears
 * only the buyer's key (never the seller's in the same browser), and failures reach the page, which
 * shows them in the mall's own way (no UI kit's notifier).
 */
export const mallHttp = createHttpClient({
  session: {
    token: () => buyerSessionStore.get()?.buyerToken ?? null,
    headers: (token): Record<string, string> => ({ 'x-visitor-id': visitorId(), ...(token ? { buyerToken: token } : {}) }),
    forget: () => buyerSessionStore.set(null),
  },
  hooks: { translate: (key) => mallHooks.t(MALL_TEXT[key]), onSessionEnd: () => mallHooks.onSessionEnd() },
  notifies: false,
});
