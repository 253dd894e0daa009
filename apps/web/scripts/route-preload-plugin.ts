import type { Plugin } from 'vite';
import { relativeModule, staticClosure } from './chunk-guard-plugin.ts';

/**
 * The chunks a cold load of some addresses needs, so the server can name them in the page it sends
 * (plugins/web.ts adds `<link rel="modulepreload">` and style preloads to index.html). Without them
 * the browser discovers the chunks one level at a time: the entry, then the shell it imports lazily,
 * then the page the shell loads, then the catalogs, each a round trip on a phone's network.
 */
export interface RoutePreload {
  /** A regular expression over the path (no query) of the addresses it applies to; the first match wins. */
  pattern: string;
  /** Modules (relative to the repository root) the address loads lazily at start: shell, root, page. */
  roots: string[];
  /** Catalog namespaces its first render waits for, in the visitor's language. */
  namespaces: string[];
}

export interface RoutePreloadOptions {
  /** Repository root: the roots are relative to it. */
  root: string;
  routes: RoutePreload[];
  /** Where the catalogs live, relative to the root: `<dir>/<language>/<namespace>.json`. */
  catalogDir: string;
}

/** What the build writes for the server (dist/.vite/route-preload.json). */
export interface RoutePreloadManifest {
  routes: { pattern: string; scripts: string[]; styles: string[]; namespaces: string[] }[];
  /** language → namespace → its chunk. */
  catalogs: Record<string, Record<string, string>>;
}

export const ROUTE_PRELOAD_FILE = '.vite/route-preload.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreload(options: RoutePreloadOptions): Plugin {
  return {
    name: 'shopdesk-route-preload',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byFacade = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [relativeModule(options.root, c.facadeModuleId!), c]));
      const closure = (start: ChunkLike[]) => staticClosure((file) => byFile.get(file)?.imports, start.map((c) => c.fileName));
      // The entry's own graph is in index.html already.
      const entry = closure(chunks.filter((c) => c.isEntry));
      const problems: string[] = [];
      const routes = options.routes.map((route) => {
        const roots = route.roots.map((module) => {
          const chunk = byFacade.get(module);
          if (!chunk) problems.push(`${module} (for ${route.pattern}) is not a chunk of its own`);
          return chunk;
        });
        const files = [...closure(roots.filter((c): c is ChunkLike => !!c))].filter((f) => !entry.has(f));
        const styles = new Set(files.flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]));
        return { pattern: route.pattern, scripts: files, styles: [...styles], namespaces: route.namespaces };
      });
      const catalogs: RoutePreloadManifest['catalogs'] = {};
      const catalogPath = new RegExp(`^${options.catalogDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/([^/]+)/([^/]+)\\.json$`);
      for (const [facade, chunk] of byFacade) {
        const match = catalogPath.exec(facade);
        if (match) (catalogs[match[1]] ??= {})[match[2]] = chunk.fileName;
      }
      if (!Object.keys(catalogs).length) problems.push(`no catalog chunks under ${options.catalogDir}`);
      if (problems.length) this.error(`Route preload map failed:\n${problems.join('\n')}`);
      const manifest: RoutePreloadManifest = { routes, catalogs };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: JSON.stringify(manifest, null, 2) });
    },
  };
}
