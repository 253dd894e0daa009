import type { DbOrTx } from './db-types.ts';

/** A transaction's connection on the PostgreSQL pool, for a fixed named statement (its values in order). */
export interface DirectClient {
  named(name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

// A property of the transaction object, set once on each pooled connection's reused transaction
// (pool-database.ts, `boundTo`).
const CLIENT = Symbol('direct client');
type WithClient = { [CLIENT]?: DirectClient };

/**
 * The connection a transaction on the PostgreSQL pool runs on, for the hot paths that send a fixed
 * statement themselves (named-statement.ts) rather than through drizzle's builder; none for the
 * embedded database or outside a transaction. Kept here, apart from the pool's module, so that code
 * asking for it does not load the PostgreSQL driver.
 */
export function directClient(db: DbOrTx): DirectClient | undefined {
  return (db as WithClient)[CLIENT];
}

export function setDirectClient(tx: DbOrTx, client: DirectClient): void {
  (tx as WithClient)[CLIENT] = client;
}
