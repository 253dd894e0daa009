import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { extractBackup } from '../db/backup.ts';
import { createPgliteFolderFrom, folderHolder, lockDataFolder, openDatabase } from '../db/client.ts';
import { pgliteFolder } from '../db/pglite-setup.ts';
import { reconcile } from '../modules/ledger/reconcile.ts';

const run = promisify(execFile);

/** Moves `from` aside as `<from>.before-restore-<stamp>` when it exists; answers where it went. */
function moveAside(from: string, stamp: string): string | null {
  if (!fs.existsSync(from)) return null;
  const to = `${from}.before-restore-${stamp}`;
  fs.renameSync(from, to);
  return to;
}

/** Moves a folder, also to another file system (a copy, then the source removed). */
function moveFolder(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** Whether the database already holds ShopDesk's tables. */
async function holdsTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: boolean }>(`select to_regclass('public.ledger_accounts') is not null as found`);
    return rows[0]!.found;
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- FILE [--replace]`: a backup of `npm run backup` back into place, then the
 * migrations (a backup of an older version is brought up to date) and the reconcile check; exits
 * non-zero when the ledger does not reconcile. The embedded database: the server must be stopped;
 * the current database folder and uploads are kept beside as `*.before-restore-<time>`. PostgreSQL
 * (DATABASE_URL): `pg_restore` into an empty database, or over the existing one with --replace.
 */
async function main(args: string[]) {
  const replace = args.includes('--replace');
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    console.error('usage: npm run restore -- FILE [--replace]');
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const config = loadConfig({ logLevel: 'silent' });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const stagingRoot = config.databaseUrl ? path.dirname(file) : config.dataDir;
  fs.mkdirSync(stagingRoot, { recursive: true });
  const staging = fs.mkdtempSync(path.join(stagingRoot, '.restore-'));
  try {
    const backup = await extractBackup(file, staging);
    if (backup.manifest.database === 'postgres' && !config.databaseUrl) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL to the (new, empty) database to restore it into');
    if (backup.manifest.database === 'pglite' && config.databaseUrl) throw new Error('this backup is of the embedded database: unset DATABASE_URL (and set DATA_DIR) to restore it');
    console.log(`Restoring the backup of ${backup.manifest.createdAt} (${backup.manifest.database}, ${backup.manifest.uploads} uploaded files)…`);
    if (config.databaseUrl) {
      if ((await holdsTables(config.databaseUrl)) && !replace) throw new Error('the database already holds ShopDesk tables: restore into a new database (createdb), or add --replace to overwrite it');
      const restoreArgs = ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`];
      if (replace) restoreArgs.push('--clean', '--if-exists');
      await run(process.env.PG_RESTORE || 'pg_restore', [...restoreArgs, backup.databaseFile], { maxBuffer: 16 * 1024 * 1024 });
      const uploadsAside = moveAside(config.uploadsDir, stamp);
      moveFolder(backup.uploadsDir, config.uploadsDir);
      if (uploadsAside) console.log(`The uploads folder before the restore is kept as ${uploadsAside}`);
    } else {
      const holder = folderHolder(config.dataDir);
      if (holder !== null) throw new Error(`${config.dataDir} is in use by process ${holder}: stop the server before restoring`);
      const release = lockDataFolder(config.dataDir);
      try {
        const folder = pgliteFolder(config.dataDir);
        const databaseAside = moveAside(folder, stamp);
        const uploadsAside = moveAside(config.uploadsDir, stamp);
        try {
          await createPgliteFolderFrom(folder, fs.readFileSync(backup.databaseFile));
          moveFolder(backup.uploadsDir, config.uploadsDir);
        } catch (error) {
          // Put back what was there: a failed restore changes nothing.
          fs.rmSync(folder, { recursive: true, force: true });
          if (databaseAside) fs.renameSync(databaseAside, folder);
          fs.rmSync(config.uploadsDir, { recursive: true, force: true });
          if (uploadsAside) fs.renameSync(uploadsAside, config.uploadsDir);
          throw error;
        }
        if (databaseAside) console.log(`The database folder before the restore is kept as ${databaseAside}`);
        if (uploadsAside) console.log(`The uploads folder before the restore is kept as ${uploadsAside}`);
      } finally {
        release();
      }
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  // Migrated to this version, then checked.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    const report = await reconcile(database.db);
    console.log(`Reconcile: accounts ${report.accounts}, transfers ${report.transfers}, sum of balances ${report.totalBalanceCents}`);
    for (const line of report.breaks) console.error(`BREAK: ${line}`);
    console.log(report.ok ? 'Restored; the ledger reconciles.' : `Restored, but the ledger does NOT reconcile: ${report.breaks.length} problem(s)`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
});
