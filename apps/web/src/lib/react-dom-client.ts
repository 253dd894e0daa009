/**
 * React DOM's client, for every importer in the app (the entry's first render, antd-mobile's
 * imperative Toast and Dialog). The build gives React DOM a chunk of its own and this module one
 * more (vite.config.ts, `codeSplitting.groups`), so React DOM starts from here rather than from the
 * entry's top level.
 *
 * Why: React DOM creates five errors when it starts (its sentinels, e.g. the one Suspense throws).
 * With DevTools attached (Lighthouse among them), V8 records each error's stack with line numbers,
 * and reparses every function on the stack to find them. Started from the entry, that stack held the
 * entry's whole top level (30–50 ms of a cold phone start, ×4 in Lighthouse's simulated phone);
 * from here it holds a one-line module. Without DevTools nothing of this happens.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React DOM's client is imported
export { createRoot, type Root } from 'react-dom/client';
