import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { shops, users } from '../src/db/schema.ts';
import { hashSecret } from '../src/lib/passwords.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  kind: Database['kind'];
  close(): Promise<void>;
}

/** A fresh database for one test file: in-memory PGlite, or a new database on DATABASE_URL's server. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ databaseUrl: null, dataDir: null }), drop: async () => {} };
  const name = `shopdesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, ...overrides });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
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
  options: { username?: string; password?: string; fundPassword?: string | null; shop?: Partial<typeof shops.$inferInsert> } = {},
): Promise<SellerFixture> {
  const username = options.username ?? uniqueName();
  const password = options.password ?? 'secret123';
  const fundPassword = options.fundPassword === undefined ? '123456' : options.fundPassword;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashSecret(password), fundPasswordHash: fundPassword ? await hashSecret(fundPassword) : null })
    .returning({ id: users.id });
  const [shop] = await db.insert(shops).values({ ownerUserId: user.id, name: `${username} shop`, ...options.shop }).returning({ id: shops.id });
  return { userId: user.id, shopId: shop.id, username, password, fundPassword };
}

export async function createOperator(db: Db, username = uniqueName('op'), password = 'operator123') {
  const [user] = await db.insert(users).values({ username, passwordHash: await hashSecret(password), role: 'operator' }).returning({ id: users.id });
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
