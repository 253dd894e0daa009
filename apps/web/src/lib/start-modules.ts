/**
 * The modules a first page loads by name (app/router/router.tsx firstRoute): the build writes each one's files
 * into index.html (scripts/start-files-plugin.ts) and main.tsx links them all at once before loading
 * them (lib/start-links.ts). Paths from the repository root, as the build names modules.
 */
export const START_MODULES = {
  mobileShell: 'apps/web/src/app/mobile/mobile-shell.tsx',
  mobileRoot: 'apps/web/src/app/mobile/mobile-root.tsx',
  mobileLogin: 'apps/web/src/features/auth/mobile/mobile-login-page.tsx',
  desktopShell: 'apps/web/src/app/desktop/desktop-shell.tsx',
  desktopRoot: 'apps/web/src/app/desktop/desktop-root.tsx',
  desktopLogin: 'apps/web/src/features/auth/desktop/login-page.tsx',
  mallRoot: 'apps/web/src/mall/mall-root.tsx',
} as const;

export type StartModule = keyof typeof START_MODULES;

/** The id of the JSON block in index.html that lists each start module's files. */
export const START_FILES_ID = 'start-files';

/**
 * The file name prefix of the UI kit's style sheets (scripts/kit-styles-plugin.ts: antd's rules
 * written at build time). They go before the document's other style sheets, where antd puts the
 * rules it writes itself, so the app's own sheets still come after them.
 */
export const KIT_SHEET_PREFIX = 'kit-';

/** The start module whose files include the kit sheets: every desktop page starts with its shell. */
export const KIT_SHEET_MODULE: StartModule = 'desktopShell';
