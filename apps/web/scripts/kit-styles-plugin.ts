/**
 * What it gains, measured with `bench:web:ab` (A = the build without it, B = with it; /dashboard,
 * desktop preset, 5 + 5 runs, twice, on a loaded machine): median LCP 1.76 → 1.69 s and 1.72 → 1.60 s,
 * performance 54 → 55 and 53 → 55 (79 → 84 on a quiet machine, bench/README.md).
 */
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

/**
 * How many files the kit sheet is cut into (~60 KB each). Chromium parses a style sheet in one
 * task when it has loaded: the whole sheet (471 KB) was a task of 55–349 ms on a cold desktop
 * dashboard, the longest of its start on the desktop preset (Lighthouse's blocking time); a part's
 * task stays near or under 50 ms (docs/decisions.md, "antd's rules at build time").
 */
export const KIT_SHEET_PARTS = 8;

/**
 * Cuts a style sheet into `parts` pieces of about the same length, each ending where a top-level
 * rule or block (`@media {…}`) ends, in order: joined, they are the sheet. Braces inside strings
 * and comments do not count.
 */
export function splitRules(css: string, parts: number): string[] {
  const ends: number[] = [];
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      // To the closing quote, past escaped characters.
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === '\\') i++;
    } else if (char === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) ends.push(i + 1);
  }
  const pieces: string[] = [];
  let start = 0;
  for (let part = 1; part < parts && start < css.length; part++) {
    const end = ends.find((e) => e > start && e >= (css.length * part) / parts);
    if (end === undefined || end >= css.length) break;
    pieces.push(css.slice(start, end));
    start = end;
  }
  pieces.push(css.slice(start));
  return pieces;
}

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
 * antd writes its components' rules in the browser (CSS-in-JS), on a cold desktop
 * dashboard ~400,000 characters built from the design tokens, serialized and inserted, ~310 ms of
 * script before the first screen in a CPU profile of it (docs/decisions.md, "antd's rules at build time"). This build
 * step writes the rules of the first screens' components into a style sheet instead, cut into
 * KIT_SHEET_PARTS files (`assets/kit-antd-<n>-<hash>.css`); its map of style paths (a `content`
 * antd's CSS-in-JS reads from the sheet) makes antd skip them. The desktop's
 * start links the parts first, in order (scripts/start-files-plugin.ts, lib/start-links.ts);
 * without them (the dev server; a part that failed to load, after which lib/start-links.ts
 * removes them all) antd writes every rule as before.
 */
export function kitStyles(): Plugin {
  return {
    name: 'shopdesk-kit-styles',
    apply: 'build',
    // Emitted first, so index.html's list of start files (written in the bundle's last steps) finds
    // them; numbered, as the list must keep their order (the cascade's).
    buildStart() {
      const parts = splitRules(renderKitStyles({ components: KIT_SHEET_COMPONENTS }), KIT_SHEET_PARTS);
      for (const [index, source] of parts.entries()) {
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        this.emitFile({ type: 'asset', fileName: `assets/${KIT_SHEET_PREFIX}antd-${index}-${hash}.css`, source });
      }
    },
  };
}
