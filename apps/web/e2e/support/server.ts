import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../../../server/test/child-server.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The built web app; `WEB_DIST` points elsewhere (e.g. a helper's own build while another builds). */
export const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The snapshot of apps/web/dist this server serves (a rebuild during the run does not disturb it). */
  webDir: string;
  stop(): Promise<void>;
}

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`The browser tests need the built web app, but ${webDist} is missing. Run \`npm run build\` first.`);
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${log()}`);
}

function stopper(child: ChildProcess, dataDir: string, keepData: boolean) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export interface StartOptions {
  /** Listen on this port (a restart on the same address) instead of a free one. */
  port?: number;
  /** Reuse this data dir (database and web copy) instead of a fresh one. */
  dataDir?: string;
  /** Keep the data dir when stopping, so the server can be started again on it. */
  keepData?: boolean;
  /** Serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate (TLS_CERT_FILE, TLS_KEY_FILE). */
  tls?: { certFile: string; keyFile: string };
  /** More environment for the server, over the defaults (e.g. SEED_DEMO=false for a marketplace outside demo mode). */
  env?: Record<string, string>;
}

/** Starts the real server on a free port with a fresh seeded database, serving apps/web/dist. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-e2e-'));
  const webDir = path.join(dataDir, 'web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) fs.cpSync(webDist, webDir, { recursive: true });
  const { child, output } = spawnServer(
    {
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'db'),
      WEB_DIST_DIR: webDir,
      SEED_DEMO: 'true',
      DEMO_CARRIER_INTERVAL_MS: '0',
      // The money tests lower a demo shop's balance by withdrawing it, and its money comes from orders
      // signed minutes ago: no holding period here (the API tests cover it).
      SETTLEMENT_HOLD_HOURS: '0',
      // Every browser test of a run uploads as the demo seller on one server: ten screenshots in ten
      // minutes is soon reached across files (the API tests cover the limits).
      UPLOADS_PER_USER: '0',
      UPLOADS_PER_SHOP: '0',
      HOST: '127.0.0.1',
      LOGIN_SLOWDOWN_STEP_MS: '0',
      LOG_LEVEL: 'warn',
      ...(options.tls ? { TLS_CERT_FILE: options.tls.certFile, TLS_KEY_FILE: options.tls.keyFile } : {}),
      ...options.env,
    },
    20_000,
  );
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = stopper(child, dataDir, options.keepData ?? false);
  try {
    await waitForHealth(baseUrl, child, output, 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, webDir, stop };
}
