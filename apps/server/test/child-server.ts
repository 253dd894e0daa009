/**
 * The real server (apps/server/src/server.ts) as a child process, for what must see it as a
 * separate process: the crash test (kill -9), the browser tests' server and the start benchmark.
 * Plain Node, no import of the app: a caller that measures the child pays nothing for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A TCP port free on 127.0.0.1 right now (the kernel's choice for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` over this process's environment; its output (stdout and stderr,
 * the last `keepChars` characters) is kept for the error that says why it did not start or died.
 */
export function spawnServer(env: Record<string, string>, keepChars: number): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * The real server on a free port (or `port`) with a test's usual settings (no demo, no jobs unless
 * `env` turns them on, quiet log), resolved once `/api/health/live` answers. `env` is added over them.
 */
export async function startServer(env: Record<string, string>, options: { port?: number; timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const defaults = { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', OVERTIME_JOB_INTERVAL_MS: '0', DEMO_CARRIER_INTERVAL_MS: '0', LOGIN_SLOWDOWN_STEP_MS: '0' };
  const { child, output } = spawnServer({ ...defaults, ...env }, 20_000);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health/live`)).ok) return { child, base, port, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output()}`);
}
