/** Catalog namespaces; each is `locales/<language>/<namespace>.json` (plain data, no i18next). */
export const NAMESPACES = ['common', 'menu', 'auth', 'layout', 'settings', 'account', 'notifications', 'wallet', 'products', 'orders', 'packages', 'activity', 'vouchers', 'deals', 'users', 'dashboard', 'mall', 'ops', 'chat'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** What the login pages (and their shells) need; the rest loads with the app behind the login. */
export const STARTUP_NAMESPACES: Namespace[] = ['common', 'auth', 'layout'];
/** The mall's own catalog, loaded beside its chunk. */
export const MALL_NAMESPACE: Namespace = 'mall';
/** The operator console's own catalog, loaded beside its chunk (no seller or mall page uses it). */
export const OPS_NAMESPACE: Namespace = 'ops';
/** What the seller's app behind the login needs: every catalog but the mall's and the console's (no seller page uses them). */
export const APP_NAMESPACES: Namespace[] = NAMESPACES.filter((ns) => ns !== MALL_NAMESPACE && ns !== OPS_NAMESPACE);
/** What a first page in the mall needs: its own catalog and the common one (the worker's messages). */
export const MALL_START_NAMESPACES: Namespace[] = ['common', MALL_NAMESPACE];
/** What the operator console needs: its own catalog and the common one (actions, states, languages). */
export const OPS_NAMESPACES: Namespace[] = ['common', OPS_NAMESPACE];
