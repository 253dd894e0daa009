/**
 * PGlite start-up tuning (see docs/decisions.md, "Start-up and web performance").
 *
 * - Memory: PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly heap and
 *   were most of the server's idle memory; the embedded database holds a few megabytes, so 16 MB
 *   (the OS page cache still caches the files) is plenty.
 * - First start: a new data folder used to run initdb (a second WebAssembly instance, ~7 s and
 *   ~900 MB at its peak). The initdb result is the same for every folder with the same PGlite
 *   version, so the first one is kept as a compressed template outside the data folder and later new
 *   folders are loaded from it (PGlite's `loadDataDir`). Migrations and the demo seed still run on
 *   every new folder; a missing, stale or broken template only costs the initdb it would have saved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS = '16MB';

const pgliteVersion: string = (
  JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '../package.json'), 'utf8')) as { version: string }
).version;

/** The folder of the initdb templates: PGLITE_TEMPLATE_DIR, else node_modules/.cache/shopdesk (`none` turns templates off). */
function templateFile(): string | null {
  const dir = process.env.PGLITE_TEMPLATE_DIR ?? path.resolve(import.meta.dirname, '../../../../node_modules/.cache/shopdesk');
  if (dir === 'none') return null;
  return path.join(dir, `pglite-${pgliteVersion}-initdb.tar.gz`);
}

/** Start parameters: PGlite's own plus the smaller shared buffers. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/** For a folder that holds no database yet: the cached initdb template to load, when there is one. */
export function templateFor(pgDataDir: string): Pick<PGliteOptions, 'loadDataDir'> & { fresh: boolean } {
  if (fs.existsSync(path.join(pgDataDir, 'PG_VERSION'))) return { fresh: false };
  const file = templateFile();
  if (!file || !fs.existsSync(file)) return { fresh: true };
  return { fresh: true, loadDataDir: new Blob([fs.readFileSync(file)]) };
}

/** Right after initdb of a new folder (before any migration): keeps its files as the template. Best effort. */
export async function saveTemplate(client: PGlite): Promise<void> {
  const file = templateFile();
  if (!file || fs.existsSync(file)) return;
  try {
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } catch {
    // No template: the next new folder runs initdb again.
  }
}

/** Removes a template that failed to load, so the next new folder makes a fresh one. */
export function discardTemplate(): void {
  const file = templateFile();
  if (file) fs.rmSync(file, { force: true });
}
