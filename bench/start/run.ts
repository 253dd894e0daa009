/**
 * bench/start: how long the server takes to answer /api/health on a new data folder (migrations plus
 * the demo seed) and on a restart, and how much memory it holds when idle (embedded PGlite), beside
 * two baselines measured in the same run: a bare Node process that starts an HTTP server, and a bare
 * PGlite opening the same (existing) database folder.
 *
 * "First start" is measured twice: on a machine that has never started ShopDesk (no initdb template:
 * PGlite runs initdb and keeps the template) and on a new data folder of a machine that has (the
 * template is loaded; see apps/server/src/db/pglite-setup.ts). Prints figures; asserts nothing.
 * `npm run bench:start` (ROUNDS=1 by default; IDLE_MS before reading memory). Issue 12's targets:
 * first start ≤ 10 s, restart ≤ 2 s, idle memory ≤ 250 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const IDLE_MS = Number(process.env.IDLE_MS ?? 10_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `args` and waits until `ready()` answers true; the time from spawn to ready. */
async function launch(args: string[], env: Record<string, string>, ready: (child: ChildProcess) => Promise<boolean>): Promise<{ child: ChildProcess; ms: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await ready(child)) break;
    await sleep(50);
  }
  return { child, ms: performance.now() - began };
}

const healthy = (port: number) => async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false; // not listening yet
  }
};

async function startServer(dataDir: string, templateDir: string) {
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PGLITE_TEMPLATE_DIR: templateDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DEMO_CARRIER_INTERVAL_MS: '0' };
  return launch(['--import', 'tsx', 'apps/server/src/server.ts'], env, healthy(port));
}

/** Baseline 1: node:http answering /api/health. */
async function bareNode() {
  const port = await freePort();
  const script = `require('node:http').createServer((q, s) => s.end('{"ok":true}')).listen(${port}, '127.0.0.1')`;
  return launch(['-e', script], {}, healthy(port));
}

/** Baseline 2: PGlite (the server's start parameters, no app) opening an existing folder and answering `select 1`. */
async function barePglite(pgDataDir: string) {
  let said = '';
  return launch(['--import', 'tsx', 'bench/start/bare-pglite.ts', pgDataDir], {}, async (child) => {
    if (!child.stdout?.listenerCount('data')) child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    return said.includes('ready');
  });
}

/** SIGTERM, then SIGKILL when the process has not exited within 15 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function idleRss(child: ChildProcess): Promise<number> {
  await sleep(IDLE_MS);
  return rssMb(child.pid!);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (n: number) => `${n.toFixed(0)} MB`;

console.log(`bench/start on ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (let round = 1; round <= ROUNDS; round++) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-start-'));
  const templateDir = path.join(work, 'template');
  try {
    const node = await bareNode();
    const nodeRss = await idleRss(node.child);
    await stop(node.child);

    // A machine that never started ShopDesk: no template yet (initdb runs and saves it).
    const cold = await startServer(path.join(work, 'cold'), templateDir);
    const coldRss = await idleRss(cold.child);
    await stop(cold.child);

    // A new data folder on this machine: the template is there.
    const fresh = await startServer(path.join(work, 'data'), templateDir);
    const freshRss = await idleRss(fresh.child);
    await stop(fresh.child);

    const again = await startServer(path.join(work, 'data'), templateDir);
    const againRss = await idleRss(again.child);
    await stop(again.child);

    const pglite = await barePglite(path.join(work, 'data', 'pglite'));
    const pgliteRss = await idleRss(pglite.child);
    await stop(pglite.child);

    console.log(`\nround ${round} (idle memory = RSS ${IDLE_MS / 1000} s after answering; load average now ${os.loadavg()[0].toFixed(1)})`);
    console.log('what | time to answer | idle memory | target');
    console.log('--- | --- | --- | ---');
    console.log(`baseline: bare node:http server | ${s(node.ms)} | ${mb(nodeRss)} |`);
    console.log(`baseline: bare PGlite opening the seeded folder | ${s(pglite.ms)} | ${mb(pgliteRss)} |`);
    console.log(`first start, new machine (initdb, migrations, demo seed) | ${s(cold.ms)} | ${mb(coldRss)} |`);
    console.log(`first start, new data folder (template, migrations, demo seed) | ${s(fresh.ms)} | ${mb(freshRss)} | 10 s, 250 MB`);
    console.log(`restart on the seeded folder | ${s(again.ms)} | ${mb(againRss)} | 2 s, 250 MB`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
