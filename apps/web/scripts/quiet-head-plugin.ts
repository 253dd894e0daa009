import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface QuietHeadOptions {
  /** The favicon's address in index.html, a file of the public folder (its drawing goes inline). */
  faviconHref: string;
  /** The manifest link's address, as vite-plugin-pwa writes it (the page links it later). */
  manifestHref: string;
}

/**
 * Takes out of index.html's head the two requests that are not the page's own (issue 12). On
 * HTTP/1.1 a browser opens six connections to the server; the favicon and the web app manifest (and
 * the manifest's icon, the same favicon) took three of them in the round where the entry, React DOM
 * and the style sheet load, and Lighthouse's simulation of a phone put the first page's largest
 * files a round later (the phone's home: LCP 2.73 → 2.51 s without them, docs/decisions.md).
 * - The favicon is drawn inline, as a `data:` address of the public file (the worker's precache and
 *   the manifest keep the file).
 * - The manifest's link goes; src/lib/web-manifest.ts links it with the worker's registration, once
 *   the page has loaded and is idle: installing from the home screen needs it then, not before.
 * Build only, and the build fails when either is not where this expects it.
 */
export function quietHead(options: QuietHeadOptions): Plugin {
  let publicDir = '';
  return {
    name: 'shopdesk-quiet-head',
    apply: 'build',
    // After vite-plugin-pwa's hook, which writes the manifest link: it is a 'post' plugin's 'post'
    // hook, and of those the plugins listed later run later.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return quietHeadHtml(html, { ...options, readPublic: (file) => fs.readFileSync(path.join(publicDir, file), 'utf8') });
      },
    },
  };
}

/** index.html with the favicon inline and the manifest link taken out; throws when either is missing. */
export function quietHeadHtml(html: string, options: QuietHeadOptions & { readPublic: (file: string) => string }): string {
  const favicon = `href="${options.faviconHref}"`;
  const manifest = new RegExp(String.raw`<link rel="manifest" href="${options.manifestHref.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`);
  const missing = [!html.includes(favicon) && `the favicon link (${favicon})`, !manifest.test(html) && `the manifest link (${options.manifestHref})`].filter(Boolean);
  if (missing.length) throw new Error(`quiet-head: index.html lacks ${missing.join(' and ')}`);
  const drawing = options.readPublic(options.faviconHref.replace(/^\//, '')).trim();
  return html.replace(favicon, `href="data:image/svg+xml,${encodeURIComponent(drawing)}"`).replace(manifest, '');
}
