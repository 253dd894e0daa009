import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';
import { KIT_SHEET_PREFIX } from '../src/lib/start-modules.ts';

/**
 * The antd components whose rules the kit sheet holds: those of the desktop's first screens (the
 * login page, the shell and the dashboard), read off the style elements antd wrote on them. The
 * rest (tables, dialogs, pickers) keep being written by antd when a page first shows one.
 */
export const KIT_SHEET_COMPONENTS = [
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'Descriptions',
  'Dropdown',
  'Flex',
  'FloatButton',
  'Form',
  'Input',
  'Layout',
  'List',
  'Menu',
  'Progress',
  'Row',
  'Segmented',
  'Skeleton',
  'Spin',
  'Statistic',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
  'message',
];

const RENDER_SCRIPT = path.join(import.meta.dirname, 'kit-styles', 'render.mjs');

export interface KitStylesInput {
  components: readonly string[];
  /** A ConfigProvider theme without its algorithm (only tests pass one: the rules do not depend on it). */
  theme?: object;
  dark?: boolean;
}

/**
 * The style rules antd writes in the browser for `components`, rendered on the server
 * (kit-styles/render.mjs, in a process of its own with NODE_ENV=production, as antd builds its
 * class hash), with the map that tells antd's CSS-in-JS they are in a style sheet already.
 */
export function renderKitStyles(input: KitStylesInput): string {
  const css = execFileSync(process.execPath, [RENDER_SCRIPT], {
    input: JSON.stringify(input),
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!/\.data-ant-cssinjs-cache-path\{content:"[^"]*\bcss-(?!dev-only)/.test(css)) throw new Error('The kit sheet has no map of production style paths: antd would write every rule again.');
  return css;
}

/**
 * issue 12: antd writes its components' rules in the browser (CSS-in-JS), on a cold desktop
 * dashboard ~400,000 characters built from the design tokens, serialized and inserted, ~310 ms of
 * script before the first screen in a CPU profile of it (docs/decisions.md, stop 35). This build
 * step writes the rules of the first screens' components into a style sheet
 * (`assets/kit-antd-<hash>.css`) instead; its map of style paths
 * (a `content` antd's CSS-in-JS reads from the sheet) makes antd skip them. The desktop's start
 * links it first (scripts/start-files-plugin.ts, lib/start-links.ts); without it (the dev server,
 * a failed load) antd writes every rule as before.
 */
export function kitStyles(): Plugin {
  return {
    name: 'shopdesk-kit-styles',
    apply: 'build',
    // Emitted first, so index.html's list of start files (written in the bundle's last steps) finds it.
    buildStart() {
      const source = renderKitStyles({ components: KIT_SHEET_COMPONENTS });
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      this.emitFile({ type: 'asset', fileName: `assets/${KIT_SHEET_PREFIX}antd-${hash}.css`, source });
    },
  };
}
