/**
 * bench/ledger: transfers per second through the real ledger service against the PostgreSQL
 * server, beside pgbench's built-in TPC-B-like script on the same server in the same run.
 * 16 clients; one run over many shops and one over 10 hot shops, then two diagnostic rows over many
 * shops: the same transaction through drizzle's own transaction (what the app's plain-text begin and
 * commit save, db/pool-database.ts), and the same transfer sent as a statement of its own (no
 * BEGIN/COMMIT round trips). Prints figures and invariant breaks.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ledger/run.ts
 */
import { execFileSync } from 'node:child_process';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db, type Tx } from '../../apps/server/src/db/client.ts';
import { shops, users } from '../../apps/server/src/db/schema.ts';
import { platformAccount, shopAccount, transfer } from '../../apps/server/src/modules/ledger/ledger-service.ts';
import { reconcile } from '../../apps/server/src/modules/ledger/reconcile.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MANY_SHOPS = 1000;
const HOT_SHOPS = 10;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreate(name: string) {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

async function createShops(db: Db, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({ username: `bench${i + j}`, passwordHash: 'x' }));
    const created = await db.insert(users).values(batch).returning({ id: users.id });
    const shopRows = await db.insert(shops).values(created.map((u) => ({ ownerUserId: u.id, name: `Bench ${u.id}` }))).returning({ id: shops.id });
    ids.push(...shopRows.map((s) => s.id));
  }
  for (const shopId of ids) {
    await db.transaction((tx) => transfer(tx, { key: `fund:${shopId}`, type: 'deposit', from: platformAccount('deposits_clearing'), to: shopAccount(shopId), amountCents: 1_000_000_00, shopId }));
  }
  return ids;
}

/** 16 workers, each moving money between a shop's available and frozen accounts for SECONDS. */
async function runTransfers(db: Db, shopIds: number[], label: string, ownStatement = false) {
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const shopId = shopIds[(w * 7919 + (i >> 1) * 104729) % shopIds.length];
      const forward = i % 2 === 0;
      const started = performance.now();
      try {
        const input = {
          key: `bench:${label}:${w}:${i}`,
          type: forward ? 'withdraw_apply' : 'withdraw_return',
          from: shopAccount(shopId, forward ? 'available' : 'frozen'),
          to: shopAccount(shopId, forward ? 'frozen' : 'available'),
          amountCents: 100,
          shopId,
        };
        // The diagnostic row: the same call sent outside BEGIN/COMMIT, where the statement is its own
        // transaction (one round trip instead of three); no flow of the app runs this way.
        if (ownStatement) await transfer(db as unknown as Tx, input);
        else await db.transaction((tx) => transfer(tx, input));
        done++;
        latencies.push(performance.now() - started);
      } catch {
        failed++;
      }
    }
  };
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w)));
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1) ?? '-';
  // This process's CPU (user and system) per transfer: the client's share of the two cores.
  const cpuUs = (cpu.user + cpu.system) / Math.max(1, done);
  return { label, tps: done / seconds, done, failed, p50: pct(0.5), p99: pct(0.99), cpuUs };
}

function runPgbench(name: string): number {
  const url = databaseUrl(name);
  execFileSync('pgbench', ['-i', '-q', '-s', '16', url], { stdio: 'ignore' });
  const out = execFileSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-n', url], { encoding: 'utf8' });
  const match = /tps = ([\d.]+)/.exec(out);
  return match ? Number(match[1]) : NaN;
}

async function main() {
  const name = 'shopdesk_bench_ledger';
  await recreate(name);
  process.env.DB_POOL_MAX = String(CLIENTS + 2);
  const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: null });
  console.log(`bench/ledger: ${CLIENTS} clients, ${SECONDS}s per run, PostgreSQL at ${new URL(SERVER_URL).host}`);
  const all = await createShops(database.db, MANY_SHOPS);
  const many = await runTransfers(database.db, all, `many-${MANY_SHOPS}-shops`);
  const hot = await runTransfers(database.db, all.slice(0, HOT_SHOPS), `hot-${HOT_SHOPS}-shops`);
  const drizzlePool = new pg.Pool({ connectionString: databaseUrl(name), max: CLIENTS + 2 });
  const drizzles = await runTransfers(drizzle(drizzlePool) as unknown as Db, all, `(drizzle's tx, many)`);
  await drizzlePool.end();
  const alone = await runTransfers(database.db, all, `(one statement, many)`, true);
  const report = await reconcile(database.db);
  await database.close();

  await recreate(`${name}_pgbench`);
  const pgbenchTps = runPgbench(`${name}_pgbench`);

  console.log('');
  console.log('run                     transfers/s   p50 ms   p99 ms   failed   vs pgbench   client CPU µs/transfer');
  for (const r of [many, hot, drizzles, alone]) {
    console.log(
      `${r.label.padEnd(22)} ${r.tps.toFixed(0).padStart(12)} ${r.p50.padStart(8)} ${r.p99.padStart(8)} ${String(r.failed).padStart(8)} ${(r.tps / pgbenchTps).toFixed(2).padStart(11)}x ${r.cpuUs.toFixed(0).padStart(12)}`,
    );
  }
  console.log(`${'pgbench tpcb-like'.padEnd(22)} ${pgbenchTps.toFixed(0).padStart(12)}`);
  console.log(`invariant breaks: ${report.breaks.length} (transfers checked: ${report.transfers})`);
  for (const b of report.breaks) console.log(`  BREAK ${b}`);
  const target = many.tps >= pgbenchTps && hot.tps >= 0.8 * pgbenchTps ? 'met' : 'NOT met';
  console.log(`target (≥ 1.0× pgbench over ${MANY_SHOPS} shops, ≥ 0.8× on ${HOT_SHOPS} hot shops, zero breaks): ${target}${report.ok ? '' : ', with breaks'}`);
  await recreate(name);
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
