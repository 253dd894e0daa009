import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema.ts';
import { copyTemplate, discardTemplate, pgliteFolder, pgliteStartParams, saveMigratedTemplate, saveTemplate, templateFor } from './pglite-setup.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Opens PostgreSQL when `databaseUrl` is set, otherwise PGlite (in memory when dataDir is null). */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  const { database, ready } = await beginOpening(options);
  await ready;
  return database;
}

/** A database being opened: its handle already, `ready` when it answers queries (opened and migrated). */
export interface Opening {
  /** Not to be queried before `ready` resolves (a query would find no tables on a new folder). */
  database: Database;
  ready: Promise<void>;
}

/**
 * openDatabase in two steps, for the server's start: the handle as soon as it exists, so the app
 * is built while PGlite opens (its WebAssembly compiles on V8's background threads) and migrates.
 * A new PGlite folder (template or initdb) is opened before the handle is given.
 */
export async function beginOpening(options: { databaseUrl: string | null; dataDir: string | null }): Promise<Opening> {
  const opening = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  opening.ready.catch(() => {}); // whoever awaits `ready` gets its failure; no unhandled rejection before that
  return opening;
}

async function openPostgres(url: string): Promise<Opening> {
  // Loaded only here: an embedded-database start does not pay for the PostgreSQL driver (issue 12).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 20) });
  // bigint columns come back as strings from pg; mode 'number' in the schema converts them.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { database: { db, kind: 'postgres', close: () => endPool(pool) }, ready: migratePg(drizzlePg(pool), { migrationsFolder }) };
}

/**
 * pool.end() resolves before its connections have closed; a database dropped right after (as the
 * tests do) would then kill them mid-close and raise an uncaught error. Wait for every connection
 * to be gone (at most 5 s).
 */
async function endPool(pool: pg.Pool) {
  const open = pool.totalCount;
  let removed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}

async function openPglite(dataDir: string | null): Promise<Opening> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, 'shopdesk.lock'));
  }
  // pg_trgm, btree_gin: the search indexes of migrations 0010 and 0012 (the PostgreSQL server ships them in contrib).
  const options = { extensions: { btree_gin, pg_trgm }, startParams: pgliteStartParams() };
  const { client, saveMigrated } = dataDir ? await openPgliteFolder(pgliteFolder(dataDir), options) : { client: new PGlite(options), saveMigrated: false };
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const ready = (async () => {
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (saveMigrated) await saveMigratedTemplate(client, migrationsFolder);
  })();
  const close = async () => {
    await client.close();
    releaseLock();
  };
  return { database: { db, kind: 'pglite', close }, ready };
}

/**
 * A data folder: a new one starts from the cached migrated or initdb template (pglite-setup.ts) or,
 * without one, runs initdb and saves it; `saveMigrated` when it should be kept once migrated.
 */
async function openPgliteFolder(pgDataDir: string, options: PGliteOptions): Promise<{ client: PGlite; saveMigrated: boolean }> {
  const { fresh, template } = templateFor(pgDataDir, migrationsFolder);
  if (template) {
    try {
      copyTemplate(template, pgDataDir);
      const client = new PGlite(pgDataDir, options);
      await client.waitReady;
      return { client, saveMigrated: !template.migrated };
    } catch {
      // A broken template: start this folder over with initdb (which saves a new template).
      discardTemplate(template);
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  // An existing folder (a restart) is returned while it opens; a new one is opened to save its template.
  const client = new PGlite(pgDataDir, options);
  if (fresh) {
    await client.waitReady;
    await saveTemplate(client);
  }
  return { client, saveMigrated: fresh };
}

/** PGlite does not lock its folder: a second process opening it would corrupt it. */
function acquireLock(lockFile: string): () => void {
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The data folder is in use by process ${holder} (${lockFile}). Stop it first.`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
