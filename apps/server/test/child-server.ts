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
