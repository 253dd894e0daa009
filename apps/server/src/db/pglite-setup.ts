/**
 * PGlite start-up tuning (see docs/decisions.md, "PGlite settings and templates").
 *
 * - Memory: PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly heap and
 *   were most of the server's idle memory; the embedded database holds a few megabytes, so 16 MB
 *   (the OS page cache still caches the files) is plenty.
 * - First start: a new data folder used to run initdb (a second WebAssembly instance, ~7 s and
 *   ~900 MB at its peak). The initdb result is the same for every folder with the same PGlite
 *   version, so the first one is kept as a template folder outside the data folder and later new
 *   folders start as a copy of it. Likewise the first new folder after a change of the migrations
 *   keeps its files right after migrating (no data yet) as the migrated template, so later new
 *   folders skip the migrations too. Templates are plain folders copied with the file
 *   system (a gzipped tarball loaded through PGlite's `loadDataDir` cost ~1.3 CPU s more per new
 *   folder, its dump ~0.9 s). The demo seed still runs on every new folder (its dates are relative to
 *   now); a missing, stale or broken template only costs the work it would have saved.
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

/** The folder of the templates: PGLITE_TEMPLATE_DIR, else node_modules/.cache/shopdesk (`none` turns templates off). */
function templateRoot(): string | null {
  const dir = process.env.PGLITE_TEMPLATE_DIR ?? path.resolve(import.meta.dirname, '../../../../node_modules/.cache/shopdesk');
  return dir === 'none' ? null : dir;
}

const INITDB = `pglite-${pgliteVersion}-initdb`;
const MIGRATED_PREFIX = `pglite-${pgliteVersion}-migrated-`;

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

/** A template folder to start a new folder from; `migrated` when it already holds the current migrations. */
export interface Template {
  dir: string;
  migrated: boolean;
}

/** The migrated template's folder, named after the migrations' content (any change to a migration makes a new name). */
function migratedTemplateDir(migrationsFolder: string): string | null {
  const root = templateRoot();
  if (!root) return null;
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return path.join(root, `${MIGRATED_PREFIX}${hash.digest('hex').slice(0, 16)}`);
}

/** For a folder that holds no database yet: the cached template to start it from (the migrated one first), when there is one. */
export function templateFor(pgDataDir: string, migrationsFolder: string): { fresh: boolean; template?: Template } {
  if (holdsDatabase(pgDataDir)) return { fresh: false };
  const root = templateRoot();
  const migrated = migratedTemplateDir(migrationsFolder);
  if (migrated && holdsDatabase(migrated)) return { fresh: true, template: { dir: migrated, migrated: true } };
  const initdb = root && path.join(root, INITDB);
  if (initdb && holdsDatabase(initdb)) return { fresh: true, template: { dir: initdb, migrated: false } };
  return { fresh: true };
}

/** Makes a new PGlite folder a copy of a template (through a temporary folder: a crash never leaves half a database that looks whole). */
export function copyTemplate(template: Template, pgDataDir: string): void {
  const partial = `${pgDataDir}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template.dir, partial, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  fs.rmSync(pgDataDir, { recursive: true, force: true });
  fs.renameSync(partial, pgDataDir);
}

/**
 * Keeps an open folder's files as a template (copied through a temporary folder: parallel starts
 * never see half of one, and the first to finish wins), then removes the entries of the template
 * folder that `stale` names. Best effort.
 */
async function keepAsTemplate(client: PGlite, target: string, stale: (name: string) => boolean): Promise<void> {
  const partial = `${target}.${process.pid}.tmp`;
  try {
    // Every page on disk (PGlite runs with fsync off): the copy is the database as of now.
    await client.exec('CHECKPOINT');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(client.dataDir!, partial, { recursive: true });
    fs.renameSync(partial, target);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
    return; // no template (or another process made it first): the next new folder does this work again
  }
  for (const name of fs.readdirSync(path.dirname(target))) {
    if (name !== path.basename(target) && stale(name)) fs.rmSync(path.join(path.dirname(target), name), { recursive: true, force: true });
  }
}

/** Older templates' names (earlier PGlite versions, earlier formats); `.tmp` ones may still be in the making. */
const olderTemplate = (kind: 'initdb' | 'migrated') => (name: string) => name.startsWith('pglite-') && name.includes(`-${kind}`) && !name.endsWith('.tmp');

/** Right after initdb of a new folder (before any migration): keeps its files as the template. */
export async function saveTemplate(client: PGlite): Promise<void> {
  const root = templateRoot();
  if (root && !holdsDatabase(path.join(root, INITDB))) await keepAsTemplate(client, path.join(root, INITDB), olderTemplate('initdb'));
}

/** Right after the migrations of a new folder (before any data): keeps its files as the migrated template, replacing older ones. */
export async function saveMigratedTemplate(client: PGlite, migrationsFolder: string): Promise<void> {
  const dir = migratedTemplateDir(migrationsFolder);
  if (dir && !holdsDatabase(dir)) await keepAsTemplate(client, dir, olderTemplate('migrated'));
}

/** Removes a template that failed to load, so the next new folder makes a fresh one. */
export function discardTemplate(template: Template): void {
  fs.rmSync(template.dir, { recursive: true, force: true });
}
