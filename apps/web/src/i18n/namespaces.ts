/** Catalog namespaces; each is `locales/<language>/<namespace>.json` (plain data, no i18next). */
export const NAMESPACES = ['common', 'menu', 'auth', 'layout', 'settings', 'account', 'notifications', 'wallet', 'products', 'orders', 'marketing', 'activity', 'users', 'dashboard', 'mall'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** What the login pages (and their shells) need; the rest loads with the app behind the login. */
export const STARTUP_NAMESPACES: Namespace[] = ['common', 'auth', 'layout'];
/** The mall's own catalog, loaded beside its chunk. */
export const MALL_NAMESPACE: Namespace = 'mall';
/** What the seller's app behind the login needs: every catalog but the mall's (no seller page uses it). */
export const APP_NAMESPACES: Namespace[] = NAMESPACES.filter((ns) => ns !== MALL_NAMESPACE);
/** What a first page in the mall needs: its own catalog and the common one (the worker's messages). */
export const MALL_START_NAMESPACES: Namespace[] = ['common', MALL_NAMESPACE];
