/**
 * The server process (`npm start` runs it from the bundle of apps/server/scripts/build-if-stale.ts,
 * `npm run dev` through tsx). The start is ordered for a short time to the first answer and a small
 * idle footprint (docs/decisions.md, "The database opens while the app loads", "The demo seed in a
 * child process"): the database opens while the app's modules load
 * and the app is built, and the demo seed of a new PGlite folder runs in a child process (this
 * same entry point with SHOPDESK_SEED_ONLY=1) while this one loads its modules, so the memory the seed grows (PGlite's
 * WebAssembly heap, the password hashing's buffers) goes away with the child instead of staying for
 * the life of the server. STARTUP_TIMINGS=1 prints how long each step took and the memory after it
 * (bench/start).
 */
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config.ts';
import { beginOpening, openDatabase, type Database } from './db/client.ts';
import { holdsDatabase, pgliteFolder } from './db/pglite-setup.ts';
import { demoSeeded } from './db/seed/seed-markers.ts';
import { DEMO } from '@shopdesk/shared/constants';
import type { BackgroundJobs } from './jobs.ts';

const SEED_ONLY = 'SHOPDESK_SEED_ONLY';

const timings: string[] = [];
function mark(step: string) {
  if (process.env.STARTUP_TIMINGS !== '1') return;
  const { rss, heapUsed } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  timings.push(`${step} ${(performance.now() / 1000).toFixed(2)} s (cpu ${((user + system) / 1e6).toFixed(2)} s, rss ${(rss / 2 ** 20).toFixed(0)} MB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MB)`);
}

/** Runs this entry point again (same Node flags: tsx under `npm run dev`) as the seed-only child; resolves when it has seeded and closed the folder. */
function seedInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    // The IPC channel only tells the child when this process is gone (it then stops: no orphan seeding a folder).
    // --liftoff-only: a process this short wastes V8's optimizing recompilation of PGlite's WebAssembly
    // (measured: −2 to −3 CPU s and −60 to −100 MB peak for the seed, no slower), whatever
    // PGLITE_OPTIMIZING_TIER says for the long-lived server (main below).
    const child = spawn(process.execPath, [...process.execArgv, '--liftoff-only', process.argv[1]!], { env: { ...process.env, [SEED_ONLY]: '1' }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The demo seed process ended with ${signal ?? `exit code ${code}`}`))));
  });
}

async function main() {
  mark('loaded');
  const config = loadConfig();
  // The embedded database's WebAssembly runs as V8's baseline (Liftoff) code, without the optimizing
  // tier's background recompilation: measured on the home's start batch, the first answers after a
  // start come twice as fast and the process holds 30–80 MB less, for queries 5–20% slower once warm
  // (docs/decisions.md, "PGlite as baseline code"). Set before PGlite compiles anything; PGLITE_OPTIMIZING_TIER=1 keeps V8's default.
  if (!config.databaseUrl && !config.pgliteOptimizingTier) setFlagsFromString('--liftoff-only');
  const location = { databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir };
  const open = () => openDatabase(location);
  const seedDemo = async (database: Database) => {
    const { seedDemoMarketplace } = await import('./db/seed/seed-demo.ts');
    return seedDemoMarketplace(database.db, undefined, { uploadsDir: config.uploadsDir });
  };
  if (process.env[SEED_ONLY] === '1') {
    process.once('disconnect', () => process.exit(1));
    const database = await open();
    mark('database open');
    await seedDemo(database);
    mark('seeded');
    await database.close();
    if (timings.length > 0) console.error(`Seed child: ${timings.join('; ')}`);
    process.exit(0);
  }
  // A new PGlite folder: migrations and the seed run in a child, while this process loads the app.
  const seedChild = config.seedDemo && !config.databaseUrl && !holdsDatabase(pgliteFolder(config.dataDir)) ? seedInChild() : null;
  // Otherwise PGlite compiles its WebAssembly on V8's background threads while the app's modules
  // load and the app is built (which queries nothing): the database is awaited only before the
  // seed check and the listen.
  const beginning = seedChild ? null : beginOpening(location);
  beginning?.catch(() => {}); // its failure is thrown by the await below
  const [{ buildApp }, { startBackgroundJobs }, { stopGracefully }, { serveBackupRequests }] = await Promise.all([
    import('./app.ts'),
    import('./jobs.ts'),
    import('./lifecycle.ts'),
    import('./db/backup.ts'),
  ]);
  mark('app modules');
  if (seedChild) {
    await seedChild;
    mark('seeded in a child');
  }
  const { database, ready } = await (beginning ?? beginOpening(location));
  const app = await buildApp(config, database);
  database.onConnectionError((error, context) => app.log.warn({ err: error }, `database: ${context}`));
  mark('app built');
  let jobs: BackgroundJobs | null = null;
  // Migrated (or found so), then the seed check and the jobs. The embedded database opens with the
  // process or not at all; a PostgreSQL server that is away is waited for while the instance
  // listens, answers 503 and reports not-ready (docs/operations.md).
  const whenReady = async () => {
    await ready;
    mark('database open');
    // Seeds here only a folder that exists unseeded (SEED_DEMO was off at its first start); a seeded
    // folder (every restart) is told by one query, without loading the seed's modules.
    const seeded = config.seedDemo && !(await demoSeeded(database.db)) && (await seedDemo(database));
    if (config.seedDemo) mark('seed checked');
    if (seedChild || seeded) app.log.info('Seeded the demo marketplace.');
    if (config.role !== 'web' && !app.stopping) {
      jobs = startBackgroundJobs(app);
      app.log.info(`background jobs (ROLE=${config.role}): ${jobs.names.join(', ') || 'none'}`);
    }
  };
  if (database.kind === 'pglite') await whenReady();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: stopping (requests in flight get up to ${config.shutdownTimeoutMs} ms)`);
    void stopGracefully({ app, database, jobs, timeoutMs: config.shutdownTimeoutMs, delayMs: config.shutdownDelayMs }).then((code) => {
      app.log.info(code === 0 ? 'stopped' : 'stopped, cutting what was still running');
      process.exit(code);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (database.kind === 'pglite') serveBackupRequests(app, database, config);
  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'postgres') {
    whenReady().catch((error) => {
      app.log.fatal({ err: error }, 'the database migrations failed');
      stop('migration failure');
    });
  }
  mark('listening');
  if (timings.length > 0) console.error(`Start-up: ${timings.join('; ')}`);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const origin = `${config.tls ? 'https' : 'http'}://localhost:${config.port}`;
  app.log.info(`ShopDesk is running on ${origin}${config.tls ? ' (HTTPS, HTTP/2)' : ''} with ${where}`);
  if (config.seedDemo) {
    app.log.info(`Demo login: username "${DEMO.USERNAME}", password "${DEMO.PASSWORD}", fund password "${DEMO.FUND_PASSWORD}"`);
    console.log(`\n  ShopDesk: ${origin}\n  Demo login: ${DEMO.USERNAME} / ${DEMO.PASSWORD} (fund password ${DEMO.FUND_PASSWORD})\n`);
    console.log(`  Demo operator (/ops, npm run ops): operator / operator123, authenticator key ${DEMO.OPERATOR_TOTP_SECRET}\n`);
    if (config.carrierKeyGenerated) console.log(`  Carrier key for POST /api/carrier/update (x-carrier-key): ${config.carrierKey}\n`);
    if (config.demoCarrierIntervalMs > 0) console.log(`  Demo carrier: moves purchased orders one step every ${config.demoCarrierIntervalMs / 1000} s\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
