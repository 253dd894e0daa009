/**
 * `npm run backup` and `npm run restore` as an operator runs them (the commands as child
 * processes): on the embedded database, a backup taken from a running server under load holds every
 * withdrawal answered before it and the uploaded screenshots, and a restore into a new folder
 * migrates it and reconciles the ledger; on PostgreSQL (DATABASE_URL), pg_dump and pg_restore into a
 * new database do the same.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { deposits, withdrawals } from '../../src/db/schema.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { startServer } from '../child-server.ts';
import { createOperator, createSeller, encodePassword, fundShop, loginToken, opsLoginToken, TRC20_ADDRESS } from '../helper.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverUrl = process.env.DATABASE_URL;

/** Runs one of the commands (`backup`, `restore`) like `npm run <command> -- args` does; answers its exit code and output. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A shop with money, a deposit screenshot in the uploads, and an operator: made through the API of an app on `location`. */
async function fixtures(location: { databaseUrl: string | null; dataDir: string | null }, uploadsDir: string) {
  const database = await openDatabase(location);
  const app = await buildApp(loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', uploadsDir, loginSlowdownStepMs: 0, rateLimitPerAddress: 0, rateLimitPerSession: 0 }), database);
  await app.ready();
  try {
    const seller = await createSeller(database.db);
    const op = await createOperator(database.db);
    const token = await loginToken(app, seller.username, seller.password);
    await fundShop(app, token, await opsLoginToken(app, op.username, op.password), '5000');
    return seller;
  } finally {
    await app.close();
    await database.close();
  }
}

const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe.skipIf(Boolean(serverUrl))('backup and restore of the embedded database', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

  it('backs up a running server under load and restores into a new folder, reconciled, with the uploads', async () => {
    const dataDir = temp('shopdesk-backup-');
    const restoredDir = temp('shopdesk-restored-');
    const backups = temp('shopdesk-backups-');
    folders.push(dataDir, restoredDir, backups);
    const seller = await fixtures({ databaseUrl: null, dataDir }, path.join(dataDir, 'uploads'));
    const screenshots = fs.readdirSync(path.join(dataDir, 'uploads', 'deposits'));
    expect(screenshots).toHaveLength(1);

    const server = await startServer({ DATA_DIR: dataDir });
    const login = await fetch(`${server.base}/api/sellAuth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: seller.username, password: encodePassword(seller.password) }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const answered: { id: number; at: number }[] = [];
    let going = true;
    const load = (async () => {
      for (let n = 0; going; n++) {
        const response = await fetch(`${server.base}/api/wallet/withdraw`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authtoken: token, 'idempotency-key': `backup-${n}` },
          body: JSON.stringify({ method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '50', fundPassword: encodePassword('123456') }),
        });
        expect(response.status).toBe(200);
        answered.push({ id: ((await response.json()) as { data: { id: number } }).data.id, at: Date.now() });
      }
    })();
    while (answered.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));

    const file = path.join(backups, 'shop.tar.gz');
    const started = Date.now();
    const backup = await command('backup', [file], { DATA_DIR: dataDir });
    going = false;
    await load;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Asking the running server');
    expect(backup.output).toMatch(/Backup written: .*1 uploaded files/);
    const before = answered.filter((a) => a.at < started).map((a) => a.id);

    // Restoring over a folder a live process holds is refused, and changes nothing.
    const refused = await command('restore', [file], { DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('stop the server before restoring');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restored = await command('restore', [file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Restored; the ledger reconciles.');
    expect(fs.readdirSync(path.join(restoredDir, 'uploads', 'deposits'))).toEqual(screenshots);

    const database = await openDatabase({ databaseUrl: null, dataDir: restoredDir });
    try {
      const ids = (await database.db.select({ id: withdrawals.id }).from(withdrawals)).map((w) => w.id);
      for (const id of before) expect(ids).toContain(id);
      const [deposit] = await database.db.select({ file: deposits.screenshotFile }).from(deposits);
      expect(screenshots).toContain(deposit!.file);
      expect((await reconcile(database.db)).breaks).toEqual([]);
    } finally {
      await database.close();
    }

    // A stopped server's folder is backed up by the command itself.
    const offline = await command('backup', [path.join(backups, 'offline.tar.gz')], { DATA_DIR: dataDir });
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).not.toContain('Asking the running server');
  }, 240_000);
});

describe.skipIf(!serverUrl)('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  const names = [0, 1].map((i) => `shopdesk_backup_${process.pid}_${i}_${randomBytes(3).toString('hex')}`);
  const folders: string[] = [];
  const urlOf = (name: string) => {
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
    folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true }));
  });

  it('restores a pg_dump backup into a new database, reconciled, and refuses a database that is not empty', async () => {
    for (const name of names) await admin(`create database ${name}`);
    const work = temp('shopdesk-pgbackup-');
    folders.push(work);
    await fixtures({ databaseUrl: urlOf(names[0]!), dataDir: null }, path.join(work, 'uploads'));
    const file = path.join(work, 'pg.tar.gz');
    const backup = await command('backup', [file], { DATABASE_URL: urlOf(names[0]!), UPLOADS_DIR: path.join(work, 'uploads') });
    expect(backup.code, backup.output).toBe(0);

    const restored = await command('restore', [file], { DATABASE_URL: urlOf(names[1]!), UPLOADS_DIR: path.join(work, 'restored-uploads') });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Restored; the ledger reconciles.');
    expect(fs.readdirSync(path.join(work, 'restored-uploads', 'deposits'))).toHaveLength(1);
    const [source, target] = await Promise.all(names.map((name) => openDatabase({ databaseUrl: urlOf(name), dataDir: null })));
    try {
      expect(await target!.db.select().from(deposits)).toEqual(await source!.db.select().from(deposits));
      expect((await reconcile(target!.db)).breaks).toEqual([]);
    } finally {
      await source!.close();
      await target!.close();
    }

    const refused = await command('restore', [file], { DATABASE_URL: urlOf(names[1]!), UPLOADS_DIR: path.join(work, 'restored-uploads') });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('already holds ShopDesk tables');
  }, 240_000);
});
