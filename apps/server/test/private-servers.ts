/**
 * A PostgreSQL server of a test's own, on a free port in a temporary folder, so a test may stop,
 * restart or kill it without disturbing the shared server (127.0.0.1:5432) other tests are using.
 * Its programs come from the Debian packages (`/usr/lib/postgresql/<v>/bin`, or PG_BIN).
 *
 * PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres` user
 * (uid/gid from /etc/passwd) in a folder it owns. Every server started here is killed when this
 * process exits, so a failed test leaves no orphan holding a port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './child-server.ts';

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The folder of PostgreSQL's programs: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/postgres'))) : [];
  if (versions.length === 0) throw new Error('No PostgreSQL server programs found (install postgresql, or set PG_BIN to the folder of initdb and postgres)');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** As root, the uid/gid of the `postgres` user (PostgreSQL will not run as root); otherwise this process's own. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root without a "postgres" user: PostgreSQL cannot be started');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitFor(check: () => Promise<boolean>, what: string, ms: number, output: () => string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not become ready in ${ms} ms:\n${output()}`);
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A URL to a database of this server. */
  urlOf(database: string): string;
  /** Creates a database (with a random-free name the caller picks) and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (SIGINT: open connections are ended, then the server exits). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder; resolves when it accepts connections. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
  /** The server's recent output (for a failure message). */
  log(): string;
}

/** Runs initdb in a new temporary folder and starts a server there on a free port. */
export async function startPrivatePostgres(options: { fsync?: boolean } = {}): Promise<PrivatePostgres> {
  const bin = pgBin();
  const user = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C'], {
    ...(user ?? {}),
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    const args = ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
    // The tests' data is thrown away: no fsync (a restart still recovers from the WAL, as after a crash of the server process).
    if (!options.fsync) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    const proc = spawn(path.join(bin, 'postgres'), args, { ...(user ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(proc);
    proc.once('exit', () => started.delete(proc));
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    child = proc;
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`postgres exited with ${proc.exitCode}:\n${output}`);
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        client.on('error', () => {});
        await client.connect();
        await client.end();
        return true;
      },
      'the private PostgreSQL server',
      30_000,
      () => output,
    );
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGINT');
    await exited;
  };

  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    urlOf,
    async createDatabase(name: string) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      return urlOf(name);
    },
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => output,
  };
}

export interface PrivateRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server (SIGTERM; it keeps nothing: no RDB, no AOF). */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves when it answers PING. */
  start(): Promise<void>;
}

/** A redis-server of a test's own on a free port, so stopping it disturbs nobody else's Redis. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  const start = async () => {
    const proc = spawn(process.env.REDIS_SERVER || 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(proc);
    proc.once('exit', () => started.delete(proc));
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.once('error', (error) => keep(Buffer.from(String(error))));
    child = proc;
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}:\n${output}`);
        return ping();
      },
      'the private Redis server',
      10_000,
      () => output,
    );
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, port, stop, start };
}
