/**
 * Browser storage with the keys of SPEC §3. With "remember me" the session keys live in
 * localStorage (they survive a browser restart); without it in sessionStorage (the session ends
 * with the browser). Preferences (language, theme, site settings) always live in localStorage.
 */
export const SESSION_KEYS = ['token', 'shopId', 'shopName', 'shopLogo', 'userId'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/**
 * The desktop's open page tabs (app/layouts/desktop/page-tabs.tsx), in sessionStorage: account
 * data, so clearing the session clears them (the next user of the browser tab starts at home).
 */
export const PAGE_TABS_KEY = 'pageTabs';

export const PREFERENCE_KEYS = {
  /** Whether the desktop sidebar is folded to its icons. */
  siderCollapsed: 'siderCollapsed',
  language: 'language',
  theme: 'theme',
  siteSettings: 'siteSettings',
  notificationSound: 'notificationSound',
  /** Whether a buyer's new chat message plays the sound (apart from the notifications' sound). */
  chatSound: 'chatSound',
  /** The columns chosen per desktop table (components/desktop/column-chooser.tsx). */
  tableColumns: 'tableColumns',
  /** The mall: its theme (light, dark or the system's), the buyer session and the anonymous visitor id. */
  mallTheme: 'mallTheme',
  buyerSession: 'buyerSession',
  mallVisitorId: 'mallVisitorId',
} as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[keyof typeof PREFERENCE_KEYS];

export interface StoredSession {
  token: string;
  shopId: string;
  shopName: string;
  shopLogo: string;
  userId: string;
}

export interface SessionInput {
  token: string;
  shopId: number | string;
  shopName: string;
  shopLogo: string;
  userId: number | string;
}

function safe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

function both(): Storage[] {
  return [safe('sessionStorage'), safe('localStorage')].filter((s): s is Storage => s !== null);
}

/** Reads a session key from whichever storage holds it (sessionStorage first). */
export function getSessionItem(key: SessionKey): string | null {
  for (const store of both()) {
    const value = store.getItem(key);
    if (value !== null) return value;
  }
  return null;
}

export function getToken(): string | null {
  return getSessionItem('token');
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

export function getSession(): StoredSession | null {
  const token = getToken();
  if (!token) return null;
  return {
    token,
    shopId: getSessionItem('shopId') ?? '',
    shopName: getSessionItem('shopName') ?? '',
    shopLogo: getSessionItem('shopLogo') ?? '',
    userId: getSessionItem('userId') ?? '',
  };
}

/** Stores a fresh login in one storage and removes any trace from the other. */
export function saveSession(session: SessionInput, remember: boolean): void {
  const target = safe(remember ? 'localStorage' : 'sessionStorage');
  const other = safe(remember ? 'sessionStorage' : 'localStorage');
  for (const key of SESSION_KEYS) {
    other?.removeItem(key);
    target?.setItem(key, String(session[key] ?? ''));
  }
}

/** Updates one session key where the session lives (e.g. after the shop name changes). */
export function updateSessionItem(key: Exclude<SessionKey, 'token'>, value: string): void {
  const store = both().find((s) => s.getItem('token') !== null);
  store?.setItem(key, value);
}

export function removeToken(): void {
  for (const store of both()) store.removeItem('token');
}

/**
 * "Clear storage" of SPEC §8: removes every session key from both storages. The interface
 * preferences (language, theme, site settings) are not account data and stay, so the login page
 * keeps the language the user chose.
 */
export function clearStorage(): void {
  for (const store of both()) {
    for (const key of SESSION_KEYS) store.removeItem(key);
    store.removeItem(PAGE_TABS_KEY);
  }
}

export function getPreference(key: PreferenceKey): string | null {
  return safe('localStorage')?.getItem(key) ?? null;
}

export function setPreference(key: PreferenceKey, value: string): void {
  safe('localStorage')?.setItem(key, value);
}
