/**
 * The app runs under a CSP whose scripts are our own files only (no eval). Zod 4 otherwise probes
 * `new Function` before its first parse to decide whether to compile fast parsers; the probe's
 * refusal is caught, but the browser still reports it as a CSP violation. This is `z.config({
 * jitless: true })` without importing zod into the entry chunk (the phone login's byte budget): zod
 * keeps its configuration on `globalThis.__zod_globalConfig` and adopts one that already exists.
 * Imported first by main.tsx, before any module that loads zod.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
