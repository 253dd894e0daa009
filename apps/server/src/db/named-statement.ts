import { is, Param, Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';
import { directClient } from './direct-client.ts';

const dialect = new PgDialect();

/**
 * A named prepared statement for a hot path (docs/decisions.md, "Chat": a send is three round
 * trips): its text is built once per process from `build` (values given as `sql.placeholder(name)`),
 * not by drizzle's builder on every call, and PostgreSQL parses and plans it once per connection. It
 * runs on the handle it is given, a transaction's too. The answer is the driver's raw rows
 * (`rowsOf`): select JSON (`to_jsonb`, read back with `rowFromJson`) or plain numbers, text and
 * booleans (a bigint may come back as text).
 */
export function namedStatement(name: string, build: () => SQL) {
  let query: Query | null = null;
  // Per value: the placeholder it is filled from, or null for a constant of the text (kept as built).
  let keys: (string | null)[] | null = null;
  return (db: DbOrTx, values: Record<string, unknown>): Promise<unknown> => {
    query ??= dialect.sqlToQuery(build());
    // In a transaction on the PostgreSQL pool the statement goes to its connection as it is: drizzle's
    // prepared-query object, built anew on every call, cost a short transaction more than the rest.
    const client = directClient(db);
    if (!client) return db._.session.prepareQuery(query, undefined, name, false).execute(values);
    keys ??= query.params.map(placeholderKey);
    const params = query.params;
    return client.named(name, query.sql, keys.map((key, i) => (key === null ? params[i] : valueOf(values, key))));
  };
}

function placeholderKey(param: unknown): string | null {
  if (is(param, Placeholder)) return param.name;
  // A placeholder behind a column's encoder would need the encoder on every call: not built here.
  if (is(param, Param)) throw new Error('namedStatement: a value must be a sql.placeholder or a constant');
  return null;
}

function valueOf(values: Record<string, unknown>, key: string): unknown {
  if (!(key in values)) throw new Error(`namedStatement: no value for placeholder "${key}"`);
  return values[key];
}
