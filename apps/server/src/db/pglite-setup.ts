/**
 * PGlite start-up tuning (see docs/decisions.md, "Start-up and web performance").
 *
 * - Memory: PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly heap and
 *   were most of the server's idle memory; the embedded database holds a few megabytes, so 16 MB
 *   (the OS page cache still caches the files) is plenty.
 * - First start: a new data folder used to run initdb (a second WebAssembly instance, ~7 s and
 *   ~900 MB at its peak). The initdb result is the same for every folder with the same PGlite
 *   version, so the first one is kept as a compressed template outside the data folder and later new
 *   folders are loaded from it (PGlite's `loadDataDir`). Likewise the first new folder after a change
 *   of the migrations keeps its files right after migrating (no data yet) as the migrated template,
 *   so later new folders skip the migrations too (issue 12). The demo seed still runs on every new
 *   folder (its dates are relative to now); a missing, stale or broken template only costs the work
 *   it would have saved.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

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

/** The PGlite folder inside a data folder (DATA_DIR). */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Whether a PGlite folder already holds a database (initdb ran there). */
export function holdsDatabase(pgDataDir: string): boolean {
  return fs.existsSync(path.join(pgDataDir, 'PG_VERSION'));
}

/** A template to load into a new folder; `migrated` when it already holds the current migrations. */
export interface Template {
  file: string;
  migrated: boolean;
  loadDataDir: Blob;
}

/**
 * The migrated template's file: named after the migrations' content and the initdb template it was
 * made from (a replaced initdb template, or any change to a migration, makes a new name).
 */
function migratedTemplateFile(migrationsFolder: string): string | null {
  const initdb = templateFile();
  if (!initdb || !fs.existsSync(initdb)) return null;
  const { size, mtimeMs } = fs.statSync(initdb);
  const hash = createHash('sha256').update(`${size}:${mtimeMs}`);
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return path.join(path.dirname(initdb), `pglite-${pgliteVersion}-migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** For a folder that holds no database yet: the cached template to load (the migrated one first), when there is one. */
export function templateFor(pgDataDir: string, migrationsFolder: string): { fresh: boolean; template?: Template } {
  if (holdsDatabase(pgDataDir)) return { fresh: false };
  const migrated = migratedTemplateFile(migrationsFolder);
  const file = migrated && fs.existsSync(migrated) ? migrated : templateFile();
  if (!file || !fs.existsSync(file)) return { fresh: true };
  return { fresh: true, template: { file, migrated: file === migrated, loadDataDir: new Blob([fs.readFileSync(file)]) } };
}

/** Writes a folder's files as a template (through a temporary file: parallel starts never see half of one). Best effort. */
async function dumpTo(client: PGlite, file: string): Promise<boolean> {
  try {
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return true;
  } catch {
    return false; // no template: the next new folder does this work again
  }
}

/** Right after initdb of a new folder (before any migration): keeps its files as the template. */
export async function saveTemplate(client: PGlite): Promise<void> {
  const file = templateFile();
  if (file && !fs.existsSync(file)) await dumpTo(client, file);
}

/** Right after the migrations of a new folder (before any data): keeps its files as the migrated template, replacing older ones. */
export async function saveMigratedTemplate(client: PGlite, migrationsFolder: string): Promise<void> {
  const file = migratedTemplateFile(migrationsFolder);
  if (!file || fs.existsSync(file) || !(await dumpTo(client, file))) return;
  const prefix = `pglite-${pgliteVersion}-migrated-`;
  for (const old of fs.readdirSync(path.dirname(file))) {
    if (old.startsWith(prefix) && old.endsWith('.tar.gz') && old !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), old), { force: true });
  }
}

/** Removes a template that failed to load, so the next new folder makes a fresh one. */
export function discardTemplate(file: string): void {
  fs.rmSync(file, { force: true });
}
