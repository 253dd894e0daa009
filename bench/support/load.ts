/**
 * What the stream benchmarks (bench/sse, bench/chat) share on the load side: figures, plain HTTP
 * with keep-alive, the forked app process and its IPC answers, and the file-descriptor check.
 */
import { execSync, fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const now = () => performance.now();
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const ms = (v: number) => `${v.toFixed(1)} ms`;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function request(port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Holding `streams` open connections needs that many descriptors in this process (and the server's). */
export function requireFileDescriptors(streams: number): number {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim());
  const needed = streams + 500;
  if (Number.isFinite(limit) && limit < needed) {
    console.error(`ulimit -n is ${limit}; ${needed} file descriptors are needed per process. Run "ulimit -n ${needed}" (or raise the hard limit) first.`);
    process.exit(1);
  }
  return limit;
}

/**
 * Forks a bench server module (tsx, --expose-gc) with an IPC channel. Its first message is the
 * ready answer; every later ask gets the next answer in order.
 */
export function forkBenchServer<Ask extends { type: string }, Answer extends { type: string }>(module: string, env: Record<string, string>) {
  type Asked<T> = Extract<Answer, { type: T }>;
  const child = fork(path.resolve(module), [], {
    // BENCH_PROFILE=dir writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((m: Answer) => void)[] = [];
  child.on('message', (m: Answer) => waiting.shift()?.(m));
  child.on('exit', (code) => {
    if (code) {
      console.error(`server exited with ${code}`);
      process.exit(1);
    }
  });
  const next = () => new Promise<Answer>((resolve) => waiting.push(resolve));
  const ready = next() as Promise<Asked<'ready'>>;
  return {
    ready,
    /** Sends `{ type }` and waits for the answer of the same type. */
    async ask<T extends Ask['type'] & Answer['type']>(type: T): Promise<Asked<T>> {
      const answer = next();
      child.send({ type });
      return (await answer) as Asked<T>;
    },
    /** Sends `{ type }` and waits until the server process has exited. */
    stop: (type: Ask['type']) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type });
      }),
  };
}
