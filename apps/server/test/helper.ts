import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate as generateTotp } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import type { OpsRole } from '@shopdesk/shared/ops/operators';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { shops, twoFactors, users, withdrawalAddresses } from '../src/db/schema.ts';
import { hashSecret } from '../src/lib/passwords.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  kind: Database['kind'];
  /** The database handle itself (its pool's figures, its close). */
  database: Database;
  close(): Promise<void>;
}

/** Advisory lock class under which one test process builds the server's migrated template. */
const TEMPLATE_LOCK = 0x5d0f;
let template: Promise<string> | null = null;
/** How many migrated templates (of different migration sets) the server keeps. */
const KEPT_TEMPLATES = 4;

/**
 * The migrated database that new test databases on DATABASE_URL's server copy (~0.3 s, where
 * running every migration again took 2 to 5 s per file), named by a hash of the migrations it holds:
 * a changed migration gets a new one. The newest few are kept, not only the one this run needs:
 * checkouts with different migrations test side by side on one server, and dropping each other's
 * template failed the other's files half-way. One process builds it under an
 * advisory lock, under a temporary name renamed once it is whole, so a run stopped half-way leaves
 * no template that would be copied.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const folder = path.join(import.meta.dirname, '../src/db/migrations');
    const hash = createHash('sha256');
    for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(folder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    const name = `shopdesk_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'shopdesk\\_template\\_%' order by oid desc");
      if (rows.some((row) => row.datname === name)) return name;
      for (const row of rows.slice(KEPT_TEMPLATES - 1)) await admin.query(`drop database if exists ${row.datname} with (force)`);
      const building = `${name}_building`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

/**
 * A fresh database for one test file: PGlite in a new temporary data folder, or a new database on
 * DATABASE_URL's server. A new folder starts as a copy of the migrated template (pglite-setup.ts):
 * ~0.5 s where an in-memory PGlite runs initdb and every migration again (~3 s and ~4 CPU s).
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-test-'));
    const database = await openDatabase({ databaseUrl: null, dataDir });
    return { database, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `shopdesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { database, drop };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, build: Parameters<typeof buildApp>[2] = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  // The general rate limit and the upload limit are off unless a test turns them on (test/auth/rate-limit.test.ts,
  // test/wallet/upload-limits.test.ts): suites send bursts from one address and upload many screenshots.
  const config = loadConfig({
    logLevel: 'silent',
    seedDemo: false,
    webDistDir: '/nonexistent',
    loginSlowdownStepMs: 0,
    rateLimitPerAddress: 0,
    rateLimitPerSession: 0,
    uploadLimits: { perUser: 0, perShop: 0, windowMs: 60_000 },
    // Every test database numbers its users from 1: counters shared through Redis must not meet another file's.
    rateLimitNamespace: `shopdesk-rl-test-${randomBytes(6).toString('hex')}:`,
    ...overrides,
  });
  const app = await buildApp(config, database, build);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * One app and database for the test file: created before its tests, closed after them. The
 * object returned is filled in by beforeAll, so `const ctx = useTestApp()` reads as the context.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(overrides));
  });
  afterAll(() => ctx.close());
  return ctx;
}

let counter = 0;
export function uniqueName(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}${process.pid % 1000}${counter}`.slice(0, 20);
}

export interface SellerFixture {
  userId: number;
  shopId: number;
  username: string;
  password: string;
  fundPassword: string | null;
}

/** Creates a seller with a shop directly in the database (test setup, not the behaviour under test). */
export async function createSeller(
  db: Db,
  options: { username?: string; password?: string; fundPassword?: string | null; shop?: Partial<typeof shops.$inferInsert>; savedAddress?: boolean } = {},
): Promise<SellerFixture> {
  const username = options.username ?? uniqueName();
  const password = options.password ?? 'secret123';
  const fundPassword = options.fundPassword === undefined ? '123456' : options.fundPassword;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashSecret(password), fundPasswordHash: fundPassword ? await hashSecret(fundPassword) : null })
    .returning({ id: users.id });
  const [shop] = await db.insert(shops).values({ ownerUserId: user.id, name: `${username} shop`, ...options.shop }).returning({ id: shops.id });
  // The address the wallet tests withdraw to, saved long ago (past its cool-down), as the demo shops have theirs.
  if (options.savedAddress !== false) await db.insert(withdrawalAddresses).values({ shopId: shop.id, network: 'TRC20', address: TRC20_ADDRESS, createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
  return { userId: user.id, shopId: shop.id, username, password, fundPassword };
}

export async function createOperator(db: Db, username = uniqueName('op'), password = 'operator123', opsRole: OpsRole = 'super_admin') {
  const [user] = await db.insert(users).values({ username, passwordHash: await hashSecret(password), role: 'operator', opsRole }).returning({ id: users.id });
  return { userId: user.id, username, password };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  lang?: string;
}

export async function call(app: FastifyInstance, method: InjectOptions['method'], url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authtoken = options.token;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({
    method,
    url,
    headers,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: options.body as InjectOptions['payload'],
  });
  const body = response.body ? JSON.parse(response.body) : null;
  return { status: response.statusCode, body, headers: response.headers };
}

export async function login(app: FastifyInstance, username: string, password: string, rememberMe = false, ip = '10.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sellAuth/login',
    remoteAddress: ip,
    payload: { username, password: encodePassword(password), rememberMe },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const result = await login(app, username, password);
  if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  return result.body.data.token;
}

export { encodePassword };

// ---------------------------------------------------------------------------------------------
// Wallet helpers: operator login, multipart bodies and tiny valid files (added for the wallet tests).

/** The TOTP secrets of the operators this test process enrolled (by user id). */
const operatorSecrets = new Map<number, string>();

/** The current TOTP code of a secret (what the operator's authenticator app shows). */
export const totpNow = (secret: string, nowMs = Date.now()) => generateTotp({ secret, epoch: Math.floor(nowMs / 1000) });

/**
 * Logs an operator in through POST /api/ops/login and its second step, enrolling the second factor
 * on the first login, and answers the token. A later login of the same operator within the same
 * 30 s would reuse a code, which is refused: the helper forgets the last step first (test setup,
 * not the behaviour under test; ops/two-factor.test.ts checks the refusal).
 */
export async function opsLoginToken(app: FastifyInstance, username: string, password: string, ip = '10.0.0.2'): Promise<string> {
  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, remoteAddress: ip, payload });
    if (response.statusCode !== 200) throw new Error(`operator login failed at ${url}: ${response.body}`);
    return JSON.parse(response.body).data;
  };
  const first = (await post('/api/ops/login', { username, password: encodePassword(password) })) as { step: 'enrol' | 'code'; challenge: string };
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (first.step === 'enrol') {
    const { secret } = (await post('/api/ops/login/enrol', { challenge: first.challenge })) as { secret: string };
    operatorSecrets.set(user!.id, secret);
    return ((await post('/api/ops/login/enrolConfirm', { challenge: first.challenge, code: await totpNow(secret) })) as { token: string }).token;
  }
  const secret = operatorSecrets.get(user!.id);
  if (!secret) throw new Error(`operator ${username} enrolled outside this helper`);
  await app.db.update(twoFactors).set({ lastStep: null }).where(eq(twoFactors.userId, user!.id));
  return ((await post('/api/ops/login/verify', { challenge: first.challenge, code: await totpNow(secret) })) as { token: string }).token;
}

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer };

/** Builds a multipart/form-data body by hand (no dependency): answers the payload and its content-type header. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----shopdesk${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a multipart request and parses the JSON answer like `call` does. */
export async function callMultipart(
  app: FastifyInstance,
  url: string,
  parts: MultipartPart[],
  options: { token?: string; headers?: Record<string, string>; lang?: string } = {},
) {
  const { payload, contentType } = multipartBody(parts);
  const headers: Record<string, string> = { ...options.headers, 'content-type': contentType };
  if (options.token) headers.authtoken = options.token;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({ method: 'POST', url, headers, payload });
  const body = response.body ? JSON.parse(response.body) : null;
  return { status: response.statusCode, body, headers: response.headers };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A real 1×1 grey PNG (signature, IHDR, IDAT, IEND); `padTo` appends bytes after IEND to reach a size. */
export function pngBytes(padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // compression, filter, interlace: 0
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]); // zlib of [0 filter, 0 pixel]
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return padTo > png.length ? Buffer.concat([png, Buffer.alloc(padTo - png.length)]) : png;
}

/** A real 1×1 grey JPEG (baseline, quality 50), whole enough to be decoded and drawn again. */
export function jpegBytes(): Buffer {
  return Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
    'base64',
  );
}

/** A real 1×1 grey WebP (lossy). */
export function webpBytes(): Buffer {
  return Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAABQAQCdASoBAAEAAUAmJaQABHQAAORAAAA=', 'base64');
}

/** A real 1×1 grey GIF. */
export function gifBytes(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAExpcYCAgCH5BAUAAAAALAAAAAABAAEAAAICTAEAOw==', 'base64');
}

/** A minimal one-page PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

export interface WalletTestContext extends TestContext {
  uploadsDir: string;
}

/** createTestApp with a fresh uploads folder of its own, removed on close. */
export async function createWalletTestApp(overrides: Partial<AppConfig> = {}): Promise<WalletTestContext> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-uploads-'));
  const ctx = await createTestApp({ uploadsDir, ...overrides });
  return {
    ...ctx,
    uploadsDir,
    close: async () => {
      await ctx.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface OperatorTestContext extends WalletTestContext {
  /** A logged-in operator's session token (deposit approvals, reconcile, ops routes). */
  operatorToken: string;
}

/**
 * createWalletTestApp and a logged-in operator for the test file (or the describe block that calls
 * it): filled in by beforeAll like useTestApp, closed after. `postgres: true` asserts the PostgreSQL
 * server (the races that mean nothing on PGlite).
 */
export function useWalletTestApp(options: { postgres?: boolean } = {}): OperatorTestContext {
  const ctx = {} as OperatorTestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createWalletTestApp());
    if (options.postgres && ctx.kind !== 'postgres') throw new Error('This suite needs the PostgreSQL server (DATABASE_URL).');
    const op = await createOperator(ctx.db);
    ctx.operatorToken = await opsLoginToken(ctx.app, op.username, op.password);
  });
  afterAll(() => ctx.close?.());
  return ctx;
}

/** The files stored under the uploads folder's deposits directory. */
export function storedScreenshots(uploadsDir: string): string[] {
  const dir = path.join(uploadsDir, 'deposits');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** POST /api/wallet/deposit with a PNG screenshot unless told otherwise. */
export function requestDeposit(
  app: FastifyInstance,
  token: string,
  amount: string,
  options: { network?: string; file?: Buffer | null; filename?: string; contentType?: string; headers?: Record<string, string>; lang?: string } = {},
) {
  const parts: MultipartPart[] = [
    { name: 'network', value: options.network ?? 'TRC20' },
    { name: 'amount', value: amount },
  ];
  if (options.file !== null) {
    parts.push({ name: 'screenshot', filename: options.filename ?? 'paid.png', contentType: options.contentType ?? 'image/png', data: options.file ?? pngBytes() });
  }
  return callMultipart(app, '/api/wallet/deposit', parts, { token, headers: options.headers, lang: options.lang });
}

/** Deposits through the API and has the operator approve it: answers the deposit id. */
export async function fundShop(app: FastifyInstance, sellerToken: string, operatorToken: string, amount: string): Promise<number> {
  const deposit = await requestDeposit(app, sellerToken, amount);
  if (deposit.status !== 200) throw new Error(`deposit failed: ${JSON.stringify(deposit.body)}`);
  const approved = await call(app, 'POST', `/api/ops/deposits/${deposit.body.data.id}/approve`, { token: operatorToken, body: {} });
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  return deposit.body.data.id;
}

export const TRC20_ADDRESS = 'TXYZabcdefghijklmnopqrstuvwxyz1234';

/** POST /api/wallet/withdraw with a valid crypto body; `body` overrides fields, `fundPassword` is plain. */
export function requestWithdrawal(
  app: FastifyInstance,
  token: string,
  amount: string | number,
  options: { fundPassword?: string; body?: Record<string, unknown>; headers?: Record<string, string>; lang?: string } = {},
) {
  return call(app, 'POST', '/api/wallet/withdraw', {
    token,
    headers: options.headers,
    lang: options.lang,
    body: { method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount, fundPassword: encodePassword(options.fundPassword ?? '123456'), ...options.body },
  });
}

/** The caller's wallet summary (cents). */
export async function walletOf(app: FastifyInstance, token: string): Promise<{ availableCents: number; frozenCents: number; balanceCents: number; totalTopUpCents: number }> {
  const { status, body } = await call(app, 'GET', '/api/wallet/summary', { token });
  if (status !== 200) throw new Error(`summary failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** GET /api/ops/reconcile's report. */
export async function reconcileReport(app: FastifyInstance, operatorToken: string): Promise<{ ok: boolean; breaks: string[]; totalBalanceCents: number; transfers: number }> {
  const { status, body } = await call(app, 'GET', '/api/ops/reconcile', { token: operatorToken });
  if (status !== 200) throw new Error(`reconcile failed: ${JSON.stringify(body)}`);
  return body.data;
}
