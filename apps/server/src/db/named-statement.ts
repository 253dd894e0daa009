import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();

/**
 * A named prepared statement for a hot path (docs/decisions.md, "Chat": a send is four round
 * trips): its text is built once per process from `build` (values given as `sql.placeholder(name)`),
 * not by drizzle's builder on every call, and PostgreSQL parses and plans it once per connection. It
 * runs on the handle it is given, a transaction's too. The answer is the driver's raw rows
 * (`rowsOf`): select JSON (`to_jsonb`, read back with `rowFromJson`) or plain numbers, text and
 * booleans (a bigint may come back as text).
 */
export function namedStatement(name: string, build: () => SQL) {
  let query: Query | null = null;
  return (db: DbOrTx, values: Record<string, unknown>): Promise<unknown> => {
    query ??= dialect.sqlToQuery(build());
    return db._.session.prepareQuery(query, undefined, name, false).execute(values);
  };
}
