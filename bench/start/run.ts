/**
 * bench/start: how long the server takes to answer /api/health on a new data folder (migrations plus
 * the demo seed) and on a restart, and how much memory it holds when idle (embedded PGlite).
 * Prints figures; asserts nothing. `npm run bench:start` (ROUNDS=2 by default; IDLE_MS before reading memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.ROUNDS ?? 2);
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

async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DEMO_CARRIER_INTERVAL_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, ms: performance.now() - began };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

for (let round = 1; round <= ROUNDS; round++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-start-'));
  const port = await freePort();
  try {
    const first = await start(dataDir, port);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleFirst = rssMb(first.child.pid!);
    await stop(first.child);
    const again = await start(dataDir, port);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleAgain = rssMb(again.child.pid!);
    await stop(again.child);
    console.log(
      `round ${round}: first start ${(first.ms / 1000).toFixed(2)} s (migrations + demo seed), restart ${(again.ms / 1000).toFixed(2)} s; ` +
        `idle memory (RSS after ${IDLE_MS / 1000} s) ${idleFirst.toFixed(0)} MB after the first start, ${idleAgain.toFixed(0)} MB after the restart`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
