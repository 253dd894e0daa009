/**
 * What it gains, measured with `bench:web:ab` (A = the build without it, B = with it; /m/shop, mobile
 * preset, 5 + 5 runs, twice, on a loaded machine): median LCP 3.02 → 2.76 s and 2.81 → 2.71 s (the
 * start files are asked for at once instead of one import round after another).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { KIT_SHEET_MODULE, KIT_SHEET_PREFIX, START_FILES_ID } from '../src/lib/start-modules.ts';
import { staticClosure } from './chunk-guard-plugin.ts';

export interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
  /** The chunk's code (its size orders the start lists). */
  code?: string;
}

/** What a first page loads: the entry's scripts (and styles), and each start module's beyond them. */
export interface StartScripts {
  entry: Set<string>;
  entryCss: Set<string>;
  /** Each start module's scripts beyond the entry's, by the module's name. */
  scripts: Record<string, string[]>;
}

/**
 * The entry's static closure and each start module's beyond it, from the build's chunks. Fails
 * when a start module is not a chunk of its own.
 */
export function startScripts(chunks: OutputChunkLike[], options: { root: string; modules: Record<string, string> }): StartScripts {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const importsOf = (file: string) => byFile.get(file)?.imports;
  const entry = staticClosure(importsOf, chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const entryCss = new Set([...entry].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
  const scripts: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const [name, module] of Object.entries(options.modules)) {
    const chunk = chunks.find((c) => c.facadeModuleId && path.relative(options.root, c.facadeModuleId).split(path.sep).join('/') === module);
    if (!chunk) missing.push(module);
    else scripts[name] = [...staticClosure(importsOf, [chunk.fileName])].filter((file) => !entry.has(file));
  }
  if (missing.length) throw new Error(`Start modules without a chunk of their own: ${missing.join(', ')}`);
  return { entry, entryCss, scripts };
}

/**
 * Writes into index.html, for each start module (src/lib/start-modules.ts), the script and
 * style files it needs beyond the entry's own: `<script type="application/json" id="start-files">`.
 * main.tsx links the first page's files in one go (lib/start-links.ts) instead of the preload
 * helper adding one link per file when each tree's import starts (~1 ms of main thread per link
 * on a slow phone). The build fails when a start module is not a chunk of its own.
 * The kit sheets (scripts/kit-styles-plugin.ts) are files of the desktop's shell.
 */
export function startFiles(options: { root: string; modules: Record<string, string> }): Plugin {
  return {
    name: 'shopdesk-start-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        // `<` never appears unescaped, so the block cannot end early.
        const json = JSON.stringify(startFileLists(ctx.bundle as unknown as Record<string, BundleFileLike>, options)).replace(/</g, '\\u003c');
        return html.replace('</body>', `<script type="application/json" id="${START_FILES_ID}">${json}</script>\n  </body>`);
      },
    },
  };
}

/** A file of the build's bundle as transformIndexHtml sees it (the part used here). */
export type BundleFileLike = OutputChunkLike | { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * Each start module's files beyond the entry's, as index.html lists them: its scripts and their
 * style sheets, largest first, and for the desktop's shell the kit sheets last, in their numbered
 * order, which is the cascade's (scripts/kit-styles-plugin.ts). lib/start-links.ts links them in
 * this order: on HTTP/1.1's six connections the largest file then starts first instead of waiting
 * for a connection behind small ones.
 */
export function startFileLists(bundle: Record<string, BundleFileLike>, options: { root: string; modules: Record<string, string> }): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunkLike => c.type === 'chunk');
  const kitSheets = Object.keys(bundle)
    .filter((file) => file.startsWith(`assets/${KIT_SHEET_PREFIX}`) && file.endsWith('.css'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const { entryCss, scripts } = startScripts(chunks, options);
  const size = (file: string) => byteSize(bundle[file]);
  const files: Record<string, string[]> = {};
  for (const [name, own] of Object.entries(scripts)) {
    const styles = own.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).filter((file, i, all) => !entryCss.has(file) && all.indexOf(file) === i);
    const bySize = [...own, ...styles].sort((a, b) => size(b) - size(a));
    files[name] = [...bySize, ...(name === KIT_SHEET_MODULE ? kitSheets : [])].map((file) => `/${file}`);
  }
  return files;
}

/** A chunk's or an asset's size in bytes, before compression (0 when the bundle has no such file). */
export function byteSize(file: BundleFileLike | undefined): number {
  if (!file) return 0;
  const text = file.type === 'chunk' ? file.code : file.source;
  return typeof text === 'string' ? Buffer.byteLength(text) : (text?.byteLength ?? 0);
}
