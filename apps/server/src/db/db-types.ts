import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// No schema given to drizzle: its relational query API (`db.query`) is unused, and with a schema every
// transaction builds it anew for all tables, a fifth of a short transaction's JavaScript time.
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
