import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import orderStatus from './eslint-rules/order-status.js';
import { noIssueReference } from './eslint-rules/issue-reference.js';
import { noModuleCycle } from './eslint-rules/module-cycle.js';

const shopdesk = { rules: { ...orderStatus.rules, 'no-issue-reference': noIssueReference, 'no-module-cycle': noModuleCycle } };

/**
 * Web layering (DESIGN §6 rule 3): app → features → (lib, components, i18n, assets, styles,
 * @shopdesk/shared). A feature imports its own folder and another feature's `api/` only; nothing
 * below `app/` imports it; `components/` and `lib/` import no feature; `lib/` imports no UI
 * component. One zone per feature, generated from the folders, so a new feature is covered too.
 */
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = fs
  .readdirSync(path.join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayerZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`, ...WEB_FEATURES.filter((other) => other !== feature).map((other) => `./${other}/api`)],
    message: `A feature imports another feature's api/ only (move shared code to lib/ or components/, or the owner's api/).`,
  })),
  ...['features', 'components', 'lib'].map((layer) => ({
    target: `${WEB_SRC}/${layer}`,
    from: `${WEB_SRC}/app`,
    message: 'Only main.tsx and app/ import app/ (register a hook at start-up instead).',
  })),
  ...['components', 'lib'].map((layer) => ({
    target: `${WEB_SRC}/${layer}`,
    from: `${WEB_SRC}/features`,
    message: `${layer}/ is shared by every feature and imports none.`,
  })),
  { target: `${WEB_SRC}/lib`, from: `${WEB_SRC}/components`, message: 'lib/ is logic without UI; it imports no component.' },
  // The mall is an app of its own beside the seller app: both share lib/, components/ and i18n/, neither imports the other's pages.
  ...['features', 'components', 'lib'].map((layer) => ({
    target: `${WEB_SRC}/${layer}`,
    from: `${WEB_SRC}/mall`,
    message: 'The mall is an app of its own: only the router (app/) starts it; share code through lib/ or components/.',
  })),
  ...['features', 'app'].map((layer) => ({
    target: `${WEB_SRC}/mall`,
    from: `${WEB_SRC}/${layer}`,
    message: `The mall does not import the seller app's ${layer}/: share code through lib/ or components/.`,
  })),
  // The operator console is a third app: only the router (app/) starts it, and no seller or mall code imports it.
  ...['features', 'components', 'lib', 'mall'].map((layer) => ({
    target: `${WEB_SRC}/${layer}`,
    from: `${WEB_SRC}/ops`,
    message: 'The operator console is an app of its own: only the router (app/) starts it; no seller or mall code imports it.',
  })),
  // It shares lib/, components/ and i18n/, and the desktop's shell (antd with the app's theme and languages).
  { target: `${WEB_SRC}/ops`, from: `${WEB_SRC}/features`, message: "The console does not import the seller app's features/: share code through lib/ or components/." },
  { target: `${WEB_SRC}/ops`, from: `${WEB_SRC}/mall`, message: "The console does not import the mall: share code through lib/ or components/." },
  {
    target: `${WEB_SRC}/ops`,
    from: `${WEB_SRC}/app`,
    except: ['./desktop/desktop-shell.tsx'],
    message: "The console does not import the seller app's app/ (the desktop shell aside): share code through lib/ or components/.",
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'screenshots/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web app and the server never import each other (DESIGN §1). antd-mobile's ErrorBlock
    // brings its four illustrations (~9 KB gzipped) into every phone start: the phone pages use
    // components/mobile/error-block.tsx, which loads them with the first error shown.
    // React DOM's client is imported in one place, lib/react-dom-client.ts (it says why).
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/apps/server/**', '@shopdesk/server*'],
          paths: [
            { name: 'antd-mobile', importNames: ['ErrorBlock'], message: 'Use MobileErrorBlock (components/mobile/error-block.tsx): its illustrations load with the first error, not with every phone page.' },
            { name: 'antd-mobile', importNames: ['Dialog', 'Toast', 'ImageViewer'], message: 'Import them from components/mobile/imperative.ts: their imperative calls need the React 19 render it sets up, which then loads only with the pages that use them.' },
            { name: 'react-dom/client', message: 'Import createRoot from lib/react-dom-client.ts: React DOM starts from its own small chunk there.' },
            { name: 'antd', importNames: ['message'], message: "Use App.useApp()'s message: antd's static one does not take the app's theme." },
          ],
        },
      ],
      // antd's static dialogs and toasts (the import of `message` above) render outside the app's
      // provider: antd's default theme (not the app's colours, nor the dark theme) and their own
      // style hash. App.useApp() gives the bound ones.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[object.name=/^(Modal|notification)$/][property.name=/^(confirm|info|success|error|warning|open)$/]',
          message: "Use App.useApp()'s modal or notification: antd's static ones do not take the app's theme.",
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@shopdesk/web*'] }] },
  },
  {
    // Thin routes (DESIGN §6 rule 1): a `*-routes.ts` parses, makes one service call and answers.
    // No drizzle, no db schema or client, no other route file, no query on the database.
    // (Repeats the server's web ban: a later no-restricted-imports replaces the earlier options.)
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@shopdesk/web*'], message: 'The server never imports the web app.' },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do not query: move the SQL into a service or queries module.' },
            { group: ['**/db/schema*', '**/db/client*'], message: 'Routes do not touch the database: call a service (pass app.db to it).' },
            { group: ['**/*-routes', '**/*-routes.ts'], message: 'A route file imports no other route file: share through a service or packages/shared.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query|batch|\\$count)$/]:matches([object.name=/^(db|tx)$/], [object.property.name=/^(db|tx)$/])',
          message: 'No database query in a route: call a service (parse → one service call → answer).',
        },
        {
          selector: 'MemberExpression[property.name="query"]:matches([object.name=/^(db|tx)$/], [object.property.name=/^(db|tx)$/])',
          message: 'No database query in a route: call a service (parse → one service call → answer).',
        },
      ],
    },
  },
  {
    // One order-status vocabulary (eslint-rules/order-status.js): statuses are spelled in the shared
    // lifecycle only. Tests state expected statuses on purpose; the demo seed and the benchmarks'
    // loaders write rows in every state (some no event reaches); schema.ts's partial-index predicates
    // are DDL that must read as their migrations do.
    files: ['apps/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'bench/**/*.ts'],
    ignores: [
      'packages/shared/src/orders/lifecycle.ts',
      '**/*.test.{ts,tsx}',
      'apps/server/test/**',
      'apps/web/e2e/**',
      'apps/server/src/db/seed/**',
      'apps/server/src/db/schema.ts',
      'bench/**/seed-*.ts',
    ],
    plugins: { shopdesk },
    rules: { 'shopdesk/order-status-literal': 'error' },
  },
  {
    // Comments and test names say why, never which issue, stop or wave asked (eslint-rules/issue-reference.js).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { shopdesk },
    rules: { 'shopdesk/no-issue-reference': 'error' },
  },
  {
    // Web layering and import cycles, resolved like TypeScript does (see webLayerZones above).
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server imports go one way: no file cycle (import-x/no-cycle) and no module that imports a
    // module importing it back (eslint-rules/module-cycle.js; a module is a folder of src/modules).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX, shopdesk },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'shopdesk/no-module-cycle': 'error',
    },
  },
);
