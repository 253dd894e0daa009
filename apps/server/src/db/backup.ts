/**
 * Backups and restores (docs/operations.md): one gzipped tar holding a manifest, the database
 * (the embedded database's files, or a `pg_dump` custom-format dump of the PostgreSQL database)
 * and the uploads folder.
 *
 * The embedded database is one process's: while a server holds the folder, `npm run backup` asks
 * that server to write the backup (SIGUSR2 and a request file in the data folder; answered by
 * serveBackupRequests below), and the server copies the files while no query and no transaction
 * runs: a copy of committed work only, taken in a second or two for a small shop. Without a
 * running server the command opens the folder itself. A restore needs the server stopped; it puts
 * the current folder aside, restores, migrates, and runs the reconcile check.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { readArchive, writeArchive, type TarEntry } from '../lib/tar.ts';
import type { Database } from './client.ts';

const run = promisify(execFile);

export const MANIFEST = 'shopdesk-backup.json';
const PGLITE_ENTRY = 'database/pglite.tar';
const POSTGRES_ENTRY = 'database/postgres.dump';
const UPLOADS_PREFIX = 'uploads/';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  uploads: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  uploads: number;
}

/** Every file under `dir` (relative paths with forward slashes); none when it does not exist. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function archiveEntries(manifest: BackupManifest, database: TarEntry, uploadsDir: string, uploads: string[]): TarEntry[] {
  return [
    { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    database,
    ...uploads.map((name) => ({ name: `${UPLOADS_PREFIX}${name}`, data: { file: path.join(uploadsDir, name) } })),
  ];
}

/**
 * A backup of an open embedded database. A CHECKPOINT first (so a restore has little to recover),
 * then the files are copied and the uploads listed while PGlite's transaction lock is held: no
 * statement runs and no transaction is open, so the copy holds committed work only, and every
 * upload a committed row names is listed (uploads are written before their row commits).
 */
export async function backupPglite(database: Database, uploadsDir: string, file: string): Promise<BackupResult> {
  if (!database.exclusive) throw new Error('backupPglite needs the embedded database');
  await database.db.execute(sql`checkpoint`);
  const { dump, uploads } = await database.exclusive(async (client) => ({ dump: await client.dumpDataDir('none'), uploads: listFiles(uploadsDir) }));
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database: 'pglite', uploads: uploads.length };
  const bytes = await writeArchive(file, archiveEntries(manifest, { name: PGLITE_ENTRY, data: Buffer.from(await dump.arrayBuffer()) }, uploadsDir, uploads));
  return { file, bytes, uploads: uploads.length };
}

/**
 * A backup of a PostgreSQL database: `pg_dump --format=custom` (a consistent snapshot while the
 * instances run; `pg_dump` on PATH, or PG_DUMP, of the server's major version or newer), then the
 * uploads listed after it, so each row of the snapshot finds its file.
 */
export async function backupPostgres(databaseUrl: string, uploadsDir: string, file: string): Promise<BackupResult> {
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.shopdesk-backup-'));
  try {
    const dumpFile = path.join(work, 'postgres.dump');
    await run(process.env.PG_DUMP || 'pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${databaseUrl}`], { maxBuffer: 16 * 1024 * 1024 });
    const uploads = listFiles(uploadsDir);
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database: 'postgres', uploads: uploads.length };
    const bytes = await writeArchive(file, archiveEntries(manifest, { name: POSTGRES_ENTRY, data: { file: dumpFile } }, uploadsDir, uploads));
    return { file, bytes, uploads: uploads.length };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The folder where `npm run backup` leaves requests for the running server, and the marker that says the server takes them. */
export function backupRequestsDir(dataDir: string): string {
  return path.join(dataDir, 'backup-requests');
}
export function backupServerMarker(dataDir: string): string {
  return path.join(backupRequestsDir(dataDir), 'server.pid');
}

interface BackupRequest {
  file: string;
}
export type BackupAnswer = ({ ok: true } & BackupResult) | { ok: false; error: string };

/**
 * The running server's side of `npm run backup` on the embedded database: on SIGUSR2 it writes
 * each requested backup (`<id>.json` in backup-requests/) and answers it (`<id>.done.json`), one at
 * a time. The marker file names this process, so the command signals only a server that takes
 * requests (SIGUSR2 would end any other process).
 */
export function serveBackupRequests(app: FastifyInstance, database: Database, config: AppConfig): void {
  const dir = backupRequestsDir(config.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(backupServerMarker(config.dataDir), String(process.pid));
  let queue = Promise.resolve();
  const serve = async () => {
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json') && !n.endsWith('.done.json'))) {
      const requestFile = path.join(dir, name);
      const answerFile = requestFile.replace(/\.json$/, '.done.json');
      if (fs.existsSync(answerFile)) continue;
      let answer: BackupAnswer;
      try {
        const request = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as BackupRequest;
        app.log.info({ file: request.file }, 'backup: writing');
        answer = { ok: true, ...(await backupPglite(database, config.uploadsDir, request.file)) };
        app.log.info({ file: request.file, bytes: answer.bytes, uploads: answer.uploads }, 'backup: written');
      } catch (error) {
        app.log.error({ err: error }, 'backup: failed');
        answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      fs.writeFileSync(`${answerFile}.tmp`, JSON.stringify(answer));
      fs.renameSync(`${answerFile}.tmp`, answerFile);
    }
  };
  process.on('SIGUSR2', () => {
    queue = queue.then(serve).catch((error: unknown) => app.log.error({ err: error }, 'backup: request failed'));
  });
  app.addHook('onClose', async () => {
    await queue;
    fs.rmSync(backupServerMarker(config.dataDir), { force: true });
  });
}

/** Leaves a backup request for the server `pid` and waits for its answer (at most `timeoutMs`). */
export async function requestBackupFromServer(dataDir: string, pid: number, file: string, timeoutMs: number): Promise<BackupAnswer> {
  const dir = backupRequestsDir(dataDir);
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const requestFile = path.join(dir, `${id}.json`);
  const answerFile = path.join(dir, `${id}.done.json`);
  fs.writeFileSync(`${requestFile}.tmp`, JSON.stringify({ file } satisfies BackupRequest));
  fs.renameSync(`${requestFile}.tmp`, requestFile);
  try {
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + timeoutMs;
    while (!fs.existsSync(answerFile)) {
      if (Date.now() > deadline) throw new Error(`the server (process ${pid}) did not answer the backup request within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return JSON.parse(fs.readFileSync(answerFile, 'utf8')) as BackupAnswer;
  } finally {
    fs.rmSync(requestFile, { force: true });
    fs.rmSync(answerFile, { force: true });
  }
}

export interface ExtractedBackup {
  manifest: BackupManifest;
  /** The database entry's file (PGlite tar or pg_dump file) in the staging folder. */
  databaseFile: string;
  /** The uploads, extracted under the staging folder. */
  uploadsDir: string;
}

/** Unpacks a backup into `staging` (checked: a manifest, the database entry its kind names). */
export async function extractBackup(file: string, staging: string): Promise<ExtractedBackup> {
  fs.mkdirSync(staging, { recursive: true });
  const uploadsDir = path.join(staging, 'uploads');
  const names = await readArchive(file, (name) => (name.startsWith(UPLOADS_PREFIX) ? path.join(uploadsDir, name.slice(UPLOADS_PREFIX.length)) : path.join(staging, name)));
  if (!names.includes(MANIFEST)) throw new Error(`${file} is not a ShopDesk backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${file}: backup format ${manifest.format} is not known to this version`);
  const entry = manifest.database === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
  if (!names.includes(entry)) throw new Error(`${file}: the backup has no ${entry}`);
  fs.mkdirSync(uploadsDir, { recursive: true });
  return { manifest, databaseFile: path.join(staging, entry), uploadsDir };
}
