/**
 * What it gains, measured with `bench:web:ab` (A = the build without it, B = with it; /m/shop, mobile
 * preset, 5 + 5 runs, twice, on a loaded machine): median LCP 2.74 → 2.64 s and 2.88 → 2.76 s,
 * performance 94 → 95 and 84 → 89.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { byteSize, type BundleFileLike } from './start-files-plugin.ts';

export interface QuietHeadOptions {
  /** The favicon's address in index.html, a file of the public folder (its drawing goes inline). */
  faviconHref: string;
  /** The manifest link's address, as vite-plugin-pwa writes it (the page links it later). */
  manifestHref: string;
}

/**
 * Takes out of index.html's head the two requests that are not the page's own. On
 * HTTP/1.1 a browser opens six connections to the server; the favicon and the web app manifest (and
 * the manifest's icon, the same favicon) took three of them in the round where the entry, React DOM
 * and the style sheet load, and Lighthouse's simulation of a phone put the first page's largest
 * files a round later (the phone's home: LCP 2.73 → 2.51 s without them, bench/README.md).
 * - The favicon is drawn inline, as a `data:` address of the public file (the worker's precache and
 *   the manifest keep the file).
 * - The manifest's link goes; src/lib/web-manifest.ts links it with the worker's registration, once
 *   the page has loaded and is idle: installing from the home screen needs it then, not before.
 * - The entry's script and its module preloads go largest first (React DOM, then the entry): on
 *   HTTP/1.1 the browser asks for them in that order, and the largest, which the entry waits for,
 *   no longer starts behind the small ones (largestScriptsFirst).
 * Build only, and the build fails when the favicon or the manifest link is not where this expects it.
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
      handler(html, ctx) {
        const quiet = quietHeadHtml(html, { ...options, readPublic: (file) => fs.readFileSync(path.join(publicDir, file), 'utf8') });
        if (!ctx.bundle) return quiet;
        const bundle = ctx.bundle as unknown as Record<string, BundleFileLike>;
        return largestScriptsFirst(quiet, (href) => byteSize(bundle[href.replace(/^\//, '')]));
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

/** The entry's module script and the module preloads vite writes after it, one tag each. */
const HEAD_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * index.html with the run of module script and preload tags in its head ordered by the size of the
 * file each names, largest first (`sizeOf` answers 0 for a file it does not know). Tags apart from
 * that run, and everything between them, stay where they are.
 */
export function largestScriptsFirst(html: string, sizeOf: (href: string) => number): string {
  const tags = Array.from(html.matchAll(HEAD_SCRIPT), (m) => ({ tag: m[0], at: m.index, href: m[1] ?? m[2] ?? '' }));
  // The run: tags separated by white space only, from the first.
  let run = 0;
  while (run + 1 < tags.length && html.slice(tags[run].at + tags[run].tag.length, tags[run + 1].at).trim() === '') run++;
  const block = tags.slice(0, run + 1);
  if (block.length < 2) return html;
  const start = block[0].at;
  const end = block.at(-1)!.at + block.at(-1)!.tag.length;
  const separator = html.slice(block[0].at + block[0].tag.length, block[1].at);
  const sorted = [...block].sort((a, b) => sizeOf(b.href) - sizeOf(a.href));
  return html.slice(0, start) + sorted.map((t) => t.tag).join(separator) + html.slice(end);
}
