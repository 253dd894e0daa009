import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { metrics, metricsOn } from '../lib/metrics.ts';
import type { Db } from './db-types.ts';
import { isDatabaseUnavailable, isEmbeddedDatabaseLost } from './connection-errors.ts';
import { copyTemplate, discardTemplate, pgliteFolder, pgliteStartParams, saveMigratedTemplate, saveTemplate, templateFor } from './pglite-setup.ts';

// The handles' types live apart (db-types.ts) so that the pool's session and the direct client can name
// them without importing this module back.
export type { Db, DbOrTx, Tx } from './db-types.ts';

export interface PoolFigures {
  /** Connections open, idle among them, requests waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Whether the database answers a trivial query within `timeoutMs` (the readiness check). */
  ping(timeoutMs: number): Promise<boolean>;
  /** True once this process has applied (or found applied) every migration. */
  readonly migrated: boolean;
  /**
   * True when the database cannot come back in this process: the embedded database closed or
   * aborted other than by close(). The liveness check then fails, so a supervisor restarts the
   * process (a PostgreSQL server that goes away is reconnected to instead: never lost).
   */
  readonly lost: boolean;
  /** The connection pool's figures (PostgreSQL); null for the embedded database. */
  poolFigures(): PoolFigures | null;
  /**
   * Where connection failures outside any request go (a server restart ends the idle connections;
   * a migration attempt at start fails while the server is away): the app logs them. Until set,
   * they are written to stderr.
   */
  onConnectionError(handler: (error: Error, context: string) => void): void;
  /** Embedded database only: runs `work` while no query and no transaction runs (a consistent backup). */
  exclusive?: <T>(work: (client: PGlite) => Promise<T>) => Promise<T>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** How long a new PostgreSQL connection may take (DB_CONNECT_TIMEOUT_MS): a server that does not answer fails requests with 503 instead of holding them. */
const connectTimeoutMs = () => Number(process.env.DB_CONNECT_TIMEOUT_MS || 5000);

/** Advisory lock class of the migrations (jobs use 0x5d02, notifications 0x5d01). */
const MIGRATION_LOCK_CLASS = 0x5d03;

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
  /**
   * Resolves once migrated. On PostgreSQL a server that cannot be reached is tried again and again
   * (every failure goes to onConnectionError) until it answers: `ready` rejects only for a failure
   * that a retry cannot mend (a migration's SQL refused).
   */
  ready: Promise<void>;
}

/**
 * openDatabase in two steps, for the server's start: the handle as soon as it exists, so the app
 * is built while PGlite opens (its WebAssembly compiles on V8's background threads) and migrates,
 * and on PostgreSQL the server listens (answering 503, not ready) while the database is away.
 * A new PGlite folder (template or initdb) is opened before the handle is given.
 */
export async function beginOpening(options: { databaseUrl: string | null; dataDir: string | null }): Promise<Opening> {
  const opening = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  opening.ready.catch(() => {}); // whoever awaits `ready` gets its failure; no unhandled rejection before that
  return opening;
}

/** Connection errors go to the app's handler once it is set, to stderr before. */
function errorReporter() {
  let handler = (error: Error, context: string) => console.error(`database: ${context}: ${error.message}`);
  return {
    report: (error: Error, context: string) => handler(error, context),
    set: (next: (error: Error, context: string) => void) => {
      handler = next;
    },
  };
}

/** The wait between two attempts to reach the database (not keeping the process alive). */
function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function openPostgres(url: string): Promise<Opening> {
  // Loaded only here: an embedded-database start does not pay for the PostgreSQL driver.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, { poolDatabase }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./pool-database.ts'),
  ]);
  const errors = errorReporter();
  const max = Number(process.env.DB_POOL_MAX ?? 20);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectTimeoutMs(), keepAlive: true, Client: timedClient(pg.Client) });
  // A connection the server ends while it sits idle in the pool (a restart, a failover, an
  // administrator's pg_terminate_backend) is reported here and dropped by the pool; without a
  // listener Node treats the event as an uncaught error and the process exits.
  pool.on('error', (error) => errors.report(error, 'an idle connection was lost'));
  // One lost while checked out (between a transaction's queries) fails the query that uses it; the
  // listener keeps its 'error' event from ending the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  // The readiness check has its own connection: a pool busy with slow requests is not "down".
  const probe = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 1000, idleTimeoutMillis: 30_000, statement_timeout: 1000 });
  probe.on('error', () => {});
  probe.on('connect', (client) => client.on('error', () => {}));
  // bigint columns come back as strings from pg; mode 'number' in the schema converts them.
  const db = poolDatabase(pool);
  let migrated = false;
  let closing = false;
  const migrateOnce = async () => {
    // The migrations run on one instance at a time: under a session-level advisory lock on a
    // connection of their own, released when it ends. An instance that waited finds them applied.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs() });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1::int, 1)', [MIGRATION_LOCK_CLASS]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.end().catch(() => {});
    }
  };
  const ready = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await migrateOnce();
        migrated = true;
        return;
      } catch (error) {
        if (closing) throw error;
        if (!isDatabaseUnavailable(error)) throw error;
        errors.report(error as Error, `the database is not reachable (attempt ${attempt}); trying again`);
        await pause(Math.min(500 * 2 ** Math.min(attempt - 1, 4), 5000));
        if (closing) throw error;
      }
    }
  })();
  const database: Database = {
    db,
    kind: 'postgres',
    close: async () => {
      if (closing) return;
      closing = true;
      await Promise.all([endPool(pool), endPool(probe)]);
    },
    ping: async (timeoutMs) => withTimeout(probe.query('select 1').then(() => true), timeoutMs),
    get migrated() {
      return migrated;
    },
    lost: false,
    poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    onConnectionError: errors.set,
  };
  return { database, ready };
}

/** Answers `probe`'s value, or false when it fails or takes longer than `ms`. */
async function withTimeout(probe: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([probe, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]).catch(() => false);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * pg's Client with every promise-returning query timed for the metrics (lib/metrics.ts; nothing is
 * measured while they are off). Drizzle and the pool call the promise form or the callback form.
 */
function timedClient(Base: typeof pg.Client): typeof pg.Client {
  class TimedClient extends Base {
    // The driver's overloads: a config or text, values, a callback.
    query(...args: unknown[]): never {
      if (!metricsOn()) return (super.query as (...a: unknown[]) => never)(...args);
      const call = () => (super.query as (...a: unknown[]) => unknown)(...args) as never;
      const started = performance.now();
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          metrics.dbQuery((performance.now() - started) / 1000, Boolean(error));
          (last as (e: unknown, r: unknown) => void)(error, result);
        };
        return call();
      }
      const result = call() as unknown;
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          () => metrics.dbQuery((performance.now() - started) / 1000, false),
          () => metrics.dbQuery((performance.now() - started) / 1000, true),
        );
      }
      return result as never;
    }
  }
  return TimedClient;
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
    releaseLock = acquireLock(lockFileOf(dataDir));
  }
  const options = pgliteOptions();
  const { client, saveMigrated } = dataDir ? await openPgliteFolder(pgliteFolder(dataDir), options) : { client: new PGlite(options), saveMigrated: false };
  let closing = false;
  let lost = false;
  timePglite(client, (error) => {
    if (!closing && isEmbeddedDatabaseLost(error)) lost = true;
  });
  const db = drizzlePglite(client) as unknown as Db;
  let migrated = false;
  const ready = (async () => {
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (saveMigrated) await saveMigratedTemplate(client, migrationsFolder);
    migrated = true;
  })();
  const close = async () => {
    closing = true;
    if (!client.closed) await client.close();
    releaseLock();
  };
  const database: Database = {
    db,
    kind: 'pglite',
    close,
    ping: (timeoutMs) => withTimeout(client.closed ? Promise.resolve(false) : client.query('select 1').then(() => true), timeoutMs),
    get migrated() {
      return migrated;
    },
    get lost() {
      return lost || (client.closed && !closing);
    },
    poolFigures: () => null,
    onConnectionError: () => {},
    // Every query and transaction holds PGlite's transaction lock (one connection): inside it no
    // statement runs and no transaction is open, so the files are those of committed work only.
    exclusive: (work) => client._runExclusiveTransaction(() => work(client)),
  };
  return { database, ready };
}

/** PGlite's query, exec and transaction timed for the metrics (a transaction as one round trip); every failure shown to `failed`. */
function timePglite(client: PGlite, failed: (error: unknown) => void) {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const bound = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const original = (...args: unknown[]) =>
      bound(...args).catch((error: unknown) => {
        failed(error);
        throw error;
      });
    Object.defineProperty(client, name, {
      value: (...args: unknown[]) => {
        if (!metricsOn()) return original(...args);
        const started = performance.now();
        const done = (failed: boolean) => metrics.dbQuery((performance.now() - started) / 1000, failed);
        return original(...args).then(
          (result) => {
            done(false);
            return result;
          },
          (error: unknown) => {
            done(true);
            throw error;
          },
        );
      },
    });
  }
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

/** PGlite's options: pg_trgm, btree_gin for the search indexes of migrations 0010 and 0012 (the PostgreSQL server ships them in contrib). */
function pgliteOptions() {
  return { extensions: { btree_gin, pg_trgm }, startParams: pgliteStartParams() };
}

/** Makes a new PGlite folder from a backup's copy of one (PGlite's dumpDataDir tar); the folder must not hold a database yet. */
export async function createPgliteFolderFrom(pgDataDir: string, tar: Buffer): Promise<void> {
  fs.mkdirSync(pgDataDir, { recursive: true });
  const client = new PGlite(pgDataDir, { ...pgliteOptions(), loadDataDir: new Blob([new Uint8Array(tar)]) });
  await client.waitReady;
  await client.close();
}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'shopdesk.lock');

/** The live process holding a data folder (a server, a command), or null when none does. */
export function folderHolder(dataDir: string): number | null {
  try {
    const holder = Number(fs.readFileSync(lockFileOf(dataDir), 'utf8'));
    return holder && holder !== process.pid && isAlive(holder) ? holder : null;
  } catch {
    return null;
  }
}

/** Takes a data folder for this process (a restore works on it closed); answers the release. */
export function lockDataFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return acquireLock(lockFileOf(dataDir));
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
