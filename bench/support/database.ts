/**
 * A benchmark's own database: a fresh one named `name` on the PostgreSQL server of
 * BENCH_DATABASE_URL (dropped and made again), or an in-memory PGlite without it.
 */
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';

const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL || null;

/** Runs one statement on the server's maintenance database (create and drop). */
async function adminStatement(statement: string) {
  const client = new pg.Client({ connectionString: BENCH_SERVER_URL! });
  await client.connect();
  await client.query(statement);
  await client.end();
}

export async function openBenchDatabase(name: string): Promise<Database> {
  if (!BENCH_SERVER_URL) return openDatabase({ databaseUrl: null, dataDir: null });
  await adminStatement(`drop database if exists ${name} with (force)`);
  await adminStatement(`create database ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir: null });
}

/** Closes a benchmark's database and, on the server, drops it. */
export async function closeBenchDatabase(database: Database, name: string) {
  await database.close();
  if (BENCH_SERVER_URL) await adminStatement(`drop database if exists ${name} with (force)`);
}
