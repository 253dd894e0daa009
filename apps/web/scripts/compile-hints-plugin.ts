/**
 * What it gains, measured with `bench:web:ab` (A = the build without it, B = with it; /m/shop, mobile
 * preset, 5 + 5 runs, twice, on a loaded machine): median performance 62 → 79 and 80 → 87, total
 * blocking time 3,017 → 624 ms and 447 → 325 ms. bench/README.md has the figures and the commands.
 */
import type { Plugin } from 'vite';
import { startScripts, type OutputChunkLike } from './start-files-plugin.ts';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with it has every function compiled
 * as the file streams in, on a background thread, instead of each one on the main thread the first
 * time it runs. Other engines read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface HintedChunk extends OutputChunkLike {
  code: string;
  map: { mappings: string } | null;
}

/**
 * Marks the scripts a first page runs at once (the entry's closure and each start module's, the
 * lists of scripts/start-files-plugin.ts) for eager compilation. Most of their functions run before
 * the first screen (React DOM's render and commit, the router, the query cache, the shells), and
 * V8 would otherwise compile each of them lazily in the middle of the page's first tasks.
 * Chunks loaded later (other pages, the chart library) stay lazy: few of their functions run at once.
 */
export function compileHints(options: { root: string; modules: Record<string, string> }): Plugin {
  return {
    name: 'shopdesk-compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which puts the preload list (`__vite__mapDeps`) at the top of
    // the chunks that load others: the hint must be the file's first line.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_output, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as HintedChunk[];
        const { entry, scripts } = startScripts(chunks, options);
        const hinted = new Set([...entry, ...Object.values(scripts).flat()]);
        for (const chunk of chunks) {
          if (!hinted.has(chunk.fileName) || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One line more at the top: the source map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
