/**
 * `npm start`: bundles the server (apps/server/src/server.ts and the shared package) into ES modules
 * under node_modules/.cache/shopdesk/server/ (server.mjs plus the chunks of what server.ts imports
 * dynamically, so the app's packages load while PGlite opens), only when a source is newer than the
 * bundle (or there is none), so the server then starts on plain Node without tsx compiling every file at each
 * start (docs/decisions.md, "npm start runs a prebuilt server bundle"). `npm run dev` and the tests keep running the sources through
 * tsx. `FORCE_BUILD=1` always bundles.
 *
 * npm packages stay outside the bundle (imported from node_modules as usual: PGlite finds its
 * WebAssembly and data files beside itself); only our workspaces' TypeScript is bundled. Sources
 * that locate files from their own folder (`import.meta.dirname`: migrations, the repo root) get
 * that folder spelled relative to the bundle, so the bundle works wherever the checkout lives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { newestSource } from '../../../scripts/newest-mtime.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const OUT_DIR = path.join(repoRoot, 'node_modules/.cache/shopdesk/server');
export const SERVER_BUNDLE = path.join(OUT_DIR, 'server.mjs');
const SOURCES = ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

/** Bare imports stay external, except our own workspaces (TypeScript that Node cannot run). */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shopdesk/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }));
  },
};

/** `import.meta.dirname` of a source file becomes that file's folder, found from the bundle's location. */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(path.dirname(SERVER_BUNDLE), path.dirname(args.path)).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.dirname', `__shopdeskDir(${JSON.stringify(relative)})`), loader: 'ts' };
    });
  },
};

const banner = [
  "import { fileURLToPath as __shopdeskPath } from 'node:url';",
  'const __shopdeskDir = (relative) => __shopdeskPath(new URL(relative + "/", import.meta.url)).replace(/[\\\\/]$/, "");',
].join('\n');

export function serverBundleIsCurrent(): boolean {
  if (!fs.existsSync(SERVER_BUNDLE)) return false;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  return built >= newestSource(repoRoot, SOURCES);
}

/** Writes the bundle (into a temporary folder swapped in at the end, so a parallel start never sees half of one). */
export async function bundleServer(): Promise<void> {
  const partial = `${OUT_DIR}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(repoRoot, 'apps/server/src/server.ts') },
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages, sourceDirname],
    banner: { js: banner },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const old = `${OUT_DIR}.${process.pid}.old`;
  if (fs.existsSync(OUT_DIR)) fs.renameSync(OUT_DIR, old);
  fs.renameSync(partial, OUT_DIR);
  fs.rmSync(old, { recursive: true, force: true });
}

/** Bundles when stale; answers whether it did. */
export async function bundleServerIfStale(): Promise<boolean> {
  if (process.env.FORCE_BUILD !== '1' && serverBundleIsCurrent()) return false;
  await bundleServer();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const began = performance.now();
  if (await bundleServerIfStale()) console.log(`Bundled the server into ${path.relative(repoRoot, SERVER_BUNDLE)} (${((performance.now() - began) / 1000).toFixed(1)} s).`);
  else console.log(`The server bundle ${path.relative(repoRoot, SERVER_BUNDLE)} is current: not rebundling.`);
}
