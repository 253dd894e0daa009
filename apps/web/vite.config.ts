import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGuard } from './scripts/chunk-guard-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { kitStyles } from './scripts/kit-styles-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { quietHead } from './scripts/quiet-head-plugin.ts';
import { isOfflineRead, offlineAnswer } from './scripts/offline-answers-route.ts';
import { startFiles } from './scripts/start-files-plugin.ts';
import { startChunkName } from './scripts/start-chunks.ts';
import { START_MODULES } from './src/lib/start-modules.ts';
import { MANIFEST_HREF } from './src/lib/web-manifest.ts';
import { BUILD_BUDGET_FILES, BUILD_BUDGET_GZIP_BYTES } from './scripts/size-budget.ts';
import { MALL_NAMESPACE, OPS_NAMESPACE, STARTUP_NAMESPACES } from './src/i18n/namespaces.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
/**
 * Our own build plugins left out of this build, by name (WEB_PLUGINS_OFF=shopdesk-kit-styles,…): how
 * bench:web:ab measures what each one gains against a build without it.
 */
const PLUGINS_OFF = new Set((process.env.WEB_PLUGINS_OFF ?? '').split(',').filter(Boolean));
const enabled = (plugin: PluginOption) => !(plugin && typeof plugin === 'object' && 'name' in plugin && PLUGINS_OFF.has(plugin.name));
/** A catalog file: locales/<language>/<namespace>.json. */
const CATALOG_FILE = /[\\/]locales[\\/]([^\\/]+)[\\/](\w+)\.json$/;
/**
 * The chunk of a catalog: the login pages' (`STARTUP_NAMESPACES`) in `catalogs-start-<language>`, the
 * rest of the app behind the login in `catalogs-<language>`; the mall's and the operator console's
 * stay on their own (null): no seller page loads them.
 */
function catalogChunk(id: string): string | null {
  const match = CATALOG_FILE.exec(id);
  if (!match) return null;
  const [, language, namespace] = match;
  if (namespace === MALL_NAMESPACE || namespace === OPS_NAMESPACE) return null;
  return (STARTUP_NAMESPACES as readonly string[]).includes(namespace) ? `catalogs-start-${language}` : `catalogs-${language}`;
}
/**
 * react-router's production build: its package points every bundler at the development one, whose
 * dev warnings build their messages on every render of `Routes` (remix-run/react-router#14102).
 */
const REACT_ROUTER_PRODUCTION = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
const PURE_PACKAGES = /node_modules\/(@react-spring\/[^/]+|rc-field-form|rc-util|lodash|staged-components|classnames)\//;

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    chunkGuard({
      root: repoRoot,
      mobileRoots: [
        'apps/web/src/app/mobile/mobile-shell.tsx',
        'apps/web/src/app/mobile/mobile-root.tsx',
        'apps/web/src/features/auth/mobile/mobile-login-page.tsx',
        // The mall is phone first and kit-free: antd must never reach its chunks either.
        'apps/web/src/mall/mall-root.tsx',
      ],
      forbiddenOnMobile: [/node_modules\/antd\//, /node_modules\/@ant-design\//],
      maxChunkBytes: 2 * 1024 * 1024,
      // The operator console: no seller or mall page loads its code; its catalogs are chunks of their own.
      apart: [{ name: 'operator console', root: 'apps/web/src/ops/ops-root.tsx', modules: [/^apps\/web\/src\/ops\//], catalogs: [/\/locales\/[^/]+\/ops\.json$/] }],
      // What a cold login page needs (the entry plus its shell and page), gzipped: over it the build fails.
      budgets: [
        { name: 'phone login', roots: ['apps/web/src/app/mobile/mobile-shell.tsx', 'apps/web/src/features/auth/mobile/mobile-login-page.tsx'], maxGzipBytes: BUILD_BUDGET_GZIP_BYTES.phoneLogin, maxFiles: BUILD_BUDGET_FILES.phoneLogin },
        { name: 'desktop login', roots: ['apps/web/src/app/desktop/desktop-shell.tsx', 'apps/web/src/features/auth/desktop/login-page.tsx'], maxGzipBytes: BUILD_BUDGET_GZIP_BYTES.desktopLogin, maxFiles: BUILD_BUDGET_FILES.desktopLogin },
        { name: 'mall home', roots: ['apps/web/src/mall/mall-root.tsx'], maxGzipBytes: BUILD_BUDGET_GZIP_BYTES.mallHome, maxFiles: BUILD_BUDGET_FILES.mallHome },
        // The signed-in homes: zod and the shared schemas load with the forms that use them, the
        // chart library beside the dashboard's data.
        {
          name: 'phone home',
          roots: ['apps/web/src/app/mobile/mobile-shell.tsx', 'apps/web/src/app/mobile/mobile-root.tsx'],
          required: ['apps/web/src/features/dashboard/mobile/shop-page.tsx'],
          maxGzipBytes: BUILD_BUDGET_GZIP_BYTES.phoneHome,
          maxFiles: BUILD_BUDGET_FILES.phoneHome,
          forbidden: [/node_modules\/zod\//],
        },
        {
          name: 'desktop home',
          roots: ['apps/web/src/app/desktop/desktop-shell.tsx', 'apps/web/src/app/desktop/desktop-root.tsx'],
          required: ['apps/web/src/features/dashboard/desktop/dashboard-page.tsx'],
          maxGzipBytes: BUILD_BUDGET_GZIP_BYTES.desktopHome,
          maxFiles: BUILD_BUDGET_FILES.desktopHome,
          forbidden: [/node_modules\/zod\//, /node_modules\/(echarts|zrender)\//],
        },
      ],
    }),
    // antd's rules for the desktop's first screens as a style sheet, written at build time.
    kitStyles(),
    // Each start module's files, listed in index.html for main.tsx to link at once (lib/start-links.ts).
    startFiles({ root: repoRoot, modules: START_MODULES }),
    // The same files marked for V8's eager compilation, off the main thread as they stream in.
    compileHints({ root: repoRoot, modules: START_MODULES }),
    // The offline-capable worker of SPEC §1/§7 at /sw.js (scope /), registered by src/lib/service-worker.ts.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: MANIFEST_HREF.slice(1),
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'ShopDesk',
        short_name: 'ShopDesk',
        description: 'Seller back office: products, orders, wallet and promotions.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1677ff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The shell and every static asset (hashed chunks, catalogs, styles, icons) are precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/.vite/**', 'support-chat.html'],
        dontCacheBustURLsMatching: /^assets\//,
        // Client routes open the cached shell; the API, the sound and real files never do. Workbox
        // tests these against the path AND its query, so a file's pattern must allow a query after
        // it (the customer-service page opens as /support-chat.html?shopId=…), and must not read a
        // dot inside a client route's query (/orders?keyword=a.b) as a file.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|\?|$)/, /^\/voice(\/|\?|$)/, /^[^?]*\.[a-z0-9]+(\?.*)?$/i],
        // API answers come from the network; the reads' last answers are kept for when it fails
        // (shown as saved, with their time), changes never (scripts/offline-answers-route.ts).
        runtimeCaching: [
          { urlPattern: isOfflineRead, handler: offlineAnswer, method: 'GET' },
          { urlPattern: isOfflineRead, handler: offlineAnswer, method: 'POST' },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        inlineWorkboxRuntime: true,
      },
    }),
    // The favicon inline and the manifest linked later: the head asks for nothing but the page's own files.
    quietHead({ faviconHref: '/favicon.svg', manifestHref: MANIFEST_HREF }),
    precompress(),
  ].filter(enabled),
  resolve: {
    // workbox-window's package points bundlers at its ES5 build (2.3 KB gzipped); every browser the
    // app supports runs its ES2015 build (1.4 KB), which every page loads when it registers the worker.
    alias: [
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
      // Build only: the dev server keeps the development build and its warnings.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/voice': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    rolldownOptions: {
      experimental: { attachDebugInfo: 'full' },
      output: {
        codeSplitting: {
          // The catalogs the app behind the login loads at once (prepareFullApp): one chunk per
          // language instead of one per namespace, one request instead of twelve on a phone's
          // network; the login pages' three in one more (every first page but the mall's loads
          // them). The mall's own catalog stays on its own (it loads alone).
          groups: [
            { name: catalogChunk, debugName: 'catalogs', test: CATALOG_FILE, priority: 1 },
            // React DOM (with React and its scheduler) in a chunk of its own, and the one-line module
            // that starts it in another: React DOM's start then runs with no large function below it
            // on the stack (src/lib/react-dom-client.ts says why that matters under DevTools).
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'react-dom-client', test: /[\\/]src[\\/]lib[\\/]react-dom-client\.ts$/, priority: 3, includeDependenciesRecursively: false },
            // The small modules the entry shares with the mall's root (storage, the notifier the shared
            // HTTP client reports through, the shared constants and what they import): left to itself
            // the bundler gives each its own chunk, a file more per module on every first page. The
            // manifest link too: the worker's registration (every page, once idle) shares it with the
            // mall's root, and grouped with the mall's start it made the phone login load the mall's
            // home page (7 KB) with it.
            { name: 'shared-base', test: /[\\/](src[\\/]lib[\\/](storage|notifier|web-manifest)|shared[\\/]src[\\/]constants)\.ts$/, priority: 2 },
            // The modules a first page loads before it shows, in one chunk per set of first pages
            // (scripts/start-chunks.ts): a signed-in phone's home in 15 files instead of 36.
            {
              debugName: 'start',
              includeDependenciesRecursively: false,
              name: startChunkName({
                root: repoRoot,
                entry: 'apps/web/src/main.tsx',
                starts: {
                  login: [START_MODULES.mobileShell, START_MODULES.mobileLogin],
                  home: [START_MODULES.mobileShell, START_MODULES.mobileRoot],
                  dlogin: [START_MODULES.desktopShell, START_MODULES.desktopLogin],
                  dhome: [START_MODULES.desktopShell, START_MODULES.desktopRoot],
                  mall: [START_MODULES.mallRoot],
                },
                apps: {
                  phone: [START_MODULES.mobileShell, START_MODULES.mobileRoot, START_MODULES.mobileLogin],
                  desktop: [START_MODULES.desktopShell, START_MODULES.desktopRoot, START_MODULES.desktopLogin],
                  mall: [START_MODULES.mallRoot],
                },
                groupedApps: ['phone', 'mall'],
              }),
            },
          ],
        },
      },
      treeshake: {
        // These packages run nothing on import but do not say so in their package.json: declaring it
        // lets the build drop them from pages that import antd-mobile's index without using them
        // (springs, gestures and the form library stay off the phone's login page). CSS keeps its effects.
        moduleSideEffects: (id) => (PURE_PACKAGES.test(id) && !id.endsWith('.css') ? false : undefined),
      },
    },
    // Every browser the app supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
}));
