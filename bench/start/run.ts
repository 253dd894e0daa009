/**
 * bench/start: how long the server takes to answer /api/health on a new data folder (migrations plus
 * the demo seed) and on a restart, and how much memory it holds when idle (embedded PGlite), beside
 * two baselines measured in the same run: a bare Node process that starts an HTTP server, and a bare
 * PGlite opening the same (existing) database folder.
 *
 * "First start" is measured twice: on a machine that has never started ShopDesk (no initdb template:
 * PGlite runs initdb and keeps the template) and on a new data folder of a machine that has (the
 * template is copied; see apps/server/src/db/pglite-setup.ts). The server runs as `npm start` runs
 * it: the bundle of apps/server/scripts/build-if-stale.ts (made first when stale) on plain Node; one
 * more restart runs the sources through tsx, as `npm run dev` and the tests do.
 *
 * Beside the wall time, the CPU time the process had used when it answered (all its threads; less
 * sensitive to a busy machine than the wall time), and the idle memory split into PGlite's
 * WebAssembly memory (its resident part) and the rest (Node, the V8 heap, compiled code). With
 * STARTUP_TIMINGS=1 the server reports its own steps, printed under the table. Prints figures;
 * asserts nothing. `npm run bench:start` (ROUNDS=1 by default; IDLE_MS before reading memory).
 * The targets: first start ≤ 10 s, restart ≤ 2 s, idle memory ≤ 250 MB.
 *
 * Then the restarted server works: it answers BATCHES (300) start batches, each with every answer a
 * signed-in phone home asks for at its start (apps/web/src/app/router/start-answers.ts: its two
 * batches, the first screen's and the rest's, as one request), as the demo seller:
 * the first answer's time, the median of the rest and the memory after them, beside the same server
 * with PGLITE_OPTIMIZING_TIER=1 (V8's optimizing tier for PGlite's WebAssembly, V8's default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/child-server.ts';
import { bundleServerIfStale, SERVER_BUNDLE } from '../../apps/server/scripts/build-if-stale.ts';
import { sellerSession } from '../../apps/web/e2e/support/orders.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const IDLE_MS = Number(process.env.IDLE_MS ?? 10_000);
const BATCHES = Number(process.env.BATCHES ?? 300);

interface Memory {
  rss: number;
  /** Resident part of PGlite's WebAssembly memory, MB. */
  wasm: number;
}

/**
 * RSS and the resident part of the WebAssembly memory, from /proc/<pid>/smaps. A WebAssembly memory
 * is one anonymous read-write mapping of its whole size (PGlite's starts at 128 MB); the V8 heap and
 * malloc's arenas are mappings of at most 64 MB, so the anonymous read-write mappings of 128 MB or
 * more are counted as WebAssembly.
 */
function memoryOf(pid: number): Memory {
  let rss = 0;
  let wasm = 0;
  for (const block of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)[ \t]*([^\n]*)/.exec(block);
    const kb = Number(/\nRss:\s+(\d+) kB/.exec(block)?.[1] ?? 0);
    rss += kb;
    if (head && head[3] === 'rw-p' && head[4] === '0' && !head[5] && parseInt(head[2], 16) - parseInt(head[1], 16) >= 128 * 2 ** 20) wasm += kb;
  }
  return { rss: rss / 1024, wasm: wasm / 1024 };
}

/** User plus system CPU seconds a process has used so far: all its threads and its ended children (the seed's). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100; // utime, stime, cutime, cstime (USER_HZ 100)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Launched {
  child: ChildProcess;
  ms: number;
  cpu: number;
  /** The server's own STARTUP_TIMINGS lines (its seed child's first, when it had one). */
  steps: () => string;
}

/** Spawns `args` and waits until `ready()` answers true; the time from spawn to ready. */
async function launch(args: string[], env: Record<string, string>, ready: (child: ChildProcess) => Promise<boolean>): Promise<Launched> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const steps: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    const lines = text.match(/(Seed child|Start-up): .*/g);
    if (lines) steps.push(...lines);
    else process.stderr.write(text);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await ready(child)) break;
    await sleep(50);
  }
  return { child, ms: performance.now() - began, cpu: cpuSeconds(child.pid!), steps: () => steps.join('\n  ') };
}

const healthy = (port: number) => async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false; // not listening yet
  }
};

/** The server as `npm start` runs it (the bundle), or through tsx as `npm run dev` does. */
async function startServer(dataDir: string, templateDir: string, via: 'bundle' | 'tsx' = 'bundle', extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  // No rate limit: the work below sends thousands of requests from one session.
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PGLITE_TEMPLATE_DIR: templateDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DEMO_CARRIER_INTERVAL_MS: '0', STARTUP_TIMINGS: '1', RATE_LIMIT_PER_SESSION: '100000000', RATE_LIMIT_PER_ADDRESS: '100000000', ...extraEnv };
  return { port, ...(await launch(via === 'bundle' ? [SERVER_BUNDLE] : ['--import', 'tsx', 'apps/server/src/server.ts'], env, healthy(port))) };
}

/** The answers a signed-in phone home asks for at its start, in one batch (the web app's own lists, for the demo seller's shop). */
async function homeBatch(baseUrl: string): Promise<{ token: string; body: string }> {
  const { token, shopId } = await sellerSession(baseUrl);
  const stored = new Map([['shopId', String(shopId)]]);
  // start-answers.ts reads the shop from the browser's session storage.
  Object.assign(globalThis, { sessionStorage: { getItem: (key: string) => stored.get(key) ?? null } });
  const { startAnswers } = await import('../../apps/web/src/app/router/start-answers.ts');
  const { now, afterPaint } = startAnswers({ target: '/m/shop', search: '', phone: true });
  const requests = [...now, ...afterPaint].map(({ path, query }) => ({ path, query }));
  return { token, body: JSON.stringify({ requests }) };
}

interface Work {
  firstMs: number;
  medianMs: number;
  memory: Memory;
}

/** BATCHES start batches one after another: the first one's time, the median of the rest, the memory after. */
async function atWork(child: ChildProcess, port: number): Promise<Work> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const { token, body } = await homeBatch(baseUrl);
  const times: number[] = [];
  for (let i = 0; i < BATCHES; i++) {
    const began = performance.now();
    const response = await fetch(`${baseUrl}/api/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json', authToken: token }, body });
    const answers = ((await response.json()) as { data?: { status: number }[] }).data ?? [];
    if (!response.ok || answers.length === 0 || answers.some((a) => a.status !== 200)) throw new Error(`start batch answered ${response.status}: ${JSON.stringify(answers.map((a) => a.status))}`);
    times.push(performance.now() - began);
  }
  const rest = times.slice(1).sort((a, b) => a - b);
  return { firstMs: times[0]!, medianMs: rest[Math.floor(rest.length / 2)] ?? NaN, memory: memoryOf(child.pid!) };
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

async function idleMemory(child: ChildProcess): Promise<Memory> {
  await sleep(IDLE_MS);
  return memoryOf(child.pid!);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (n: number) => `${n.toFixed(0)} MB`;
const row = (what: string, run: Launched, memory: Memory, target = '') =>
  `${what} | ${s(run.ms)} | ${run.cpu.toFixed(2)} s | ${mb(memory.rss)} | ${mb(memory.wasm)} | ${mb(memory.rss - memory.wasm)} | ${target}`;

console.log(`bench/start on ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
if (await bundleServerIfStale()) console.log(`(bundled the server into ${path.relative(repoRoot, SERVER_BUNDLE)})`);
for (let round = 1; round <= ROUNDS; round++) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-start-'));
  const templateDir = path.join(work, 'template');
  try {
    const loadBefore = os.loadavg()[0];
    const node = await bareNode();
    const nodeMemory = await idleMemory(node.child);
    await stop(node.child);

    // A machine that never started ShopDesk: no template yet (initdb runs and saves it).
    const cold = await startServer(path.join(work, 'cold'), templateDir);
    const coldMemory = await idleMemory(cold.child);
    await stop(cold.child);

    // A new data folder on this machine: the template is there.
    const fresh = await startServer(path.join(work, 'data'), templateDir);
    const freshMemory = await idleMemory(fresh.child);
    await stop(fresh.child);

    const again = await startServer(path.join(work, 'data'), templateDir);
    const againMemory = await idleMemory(again.child);
    const againWork = await atWork(again.child, again.port);
    await stop(again.child);

    // Baseline 3: the same restart with V8's optimizing tier for PGlite's WebAssembly (V8's default).
    const optimizing = await startServer(path.join(work, 'data'), templateDir, 'bundle', { PGLITE_OPTIMIZING_TIER: '1' });
    const optimizingMemory = await idleMemory(optimizing.child);
    const optimizingWork = await atWork(optimizing.child, optimizing.port);
    await stop(optimizing.child);

    const dev = await startServer(path.join(work, 'data'), templateDir, 'tsx');
    const devMemory = await idleMemory(dev.child);
    await stop(dev.child);

    const pglite = await barePglite(path.join(work, 'data', 'pglite'));
    const pgliteMemory = await idleMemory(pglite.child);
    await stop(pglite.child);

    console.log(`\nround ${round} (idle memory = RSS ${IDLE_MS / 1000} s after answering; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after)`);
    console.log('what | time to answer | CPU used by then | idle memory | of it PGlite WebAssembly | the rest | target');
    console.log('--- | --- | --- | --- | --- | --- | ---');
    console.log(row('baseline: bare node:http server', node, nodeMemory));
    console.log(row('baseline: bare PGlite (through tsx) opening the seeded folder', pglite, pgliteMemory));
    console.log(row('first start, new machine (initdb, migrations, demo seed)', cold, coldMemory));
    console.log(row('first start, new data folder (template, migrations, demo seed)', fresh, freshMemory, '10 s, 250 MB'));
    console.log(row('restart on the seeded folder', again, againMemory, '2 s, 250 MB'));
    console.log(row('restart through tsx (npm run dev)', dev, devMemory));
    console.log(`\nthe restarted server at work: ${BATCHES} start batches of a signed-in phone home, one after another`);
    console.log('what | restart | idle memory | first batch | median of the rest | memory after');
    console.log('--- | --- | --- | --- | --- | ---');
    for (const [what, run, memory, done] of [
      ["restart (PGlite's WebAssembly as baseline code: the default)", again, againMemory, againWork],
      ["baseline: restart with PGLITE_OPTIMIZING_TIER=1 (V8's default tiers)", optimizing, optimizingMemory, optimizingWork],
    ] as const) console.log(`${what} | ${s(run.ms)} | ${mb(memory.rss)} | ${done.firstMs.toFixed(0)} ms | ${done.medianMs.toFixed(1)} ms | ${mb(done.memory.rss)}`);
    console.log('\nthe server\'s own steps (time since its process began; CPU; memory):');
    for (const [what, run] of [['new machine', cold], ['new data folder', fresh], ['restart', again], ['restart through tsx', dev]] as const) console.log(`- ${what}: ${run.steps()}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
