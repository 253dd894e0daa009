import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { TablesRelationalConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import type { Db, Tx } from './db-types.ts';
import { type DirectClient, setDirectClient } from './direct-client.ts';

type Schema = Record<string, never>;
type Transaction = NodePgTransaction<Schema, TablesRelationalConfig>;
type Callback = (error: Error | null, result: unknown) => void;

/** What pg's Query does with the wire that the types do not show: how `begin` is put ahead of a statement. */
interface WireConnection {
  parse(query: { text: string }): void;
  bind(config: object): void;
  execute(config: object): void;
  parsedStatements: Record<string, string | undefined>;
}
type QueryInternals = {
  prepare(connection: WireConnection): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: Error, connection: WireConnection): void;
  hasBeenParsed(connection: WireConnection): boolean;
  name?: string;
};
const QueryWithInternals = pg.Query as unknown as new (config: unknown, values: unknown) => QueryInternals;

/**
 * A transaction's first statement with `begin` sent before it in the same write and answered under
 * the same Sync: one round trip where two were. `begin` is parsed, bound and executed as an unnamed
 * statement; its CommandComplete comes first and is not the statement's result. It leans on pg's
 * Query (prepare, the handlers, the connection's parsed statements) as pinned in package.json:
 * test/system/pool-transactions.test.ts checks each of them on the server.
 */
class BeginThen extends QueryWithInternals {
  private begun = false;
  private namedWasParsed = true;

  override prepare(connection: WireConnection) {
    this.namedWasParsed = !this.name || this.hasBeenParsed(connection);
    connection.parse({ text: 'begin' });
    connection.bind({});
    connection.execute({});
    super.prepare(connection);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection) {
    if (!this.begun) {
      this.begun = true;
      return;
    }
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: WireConnection) {
    // pg marks a named statement parsed on the first ParseComplete of the query, which here was
    // begin's: a statement whose own Parse then failed must be parsed again next time.
    if (!this.namedWasParsed && this.name) delete connection.parsedStatements[this.name];
    super.handleError(error, connection);
  }
}

/** A statement that pg sends with the extended protocol (values or a name): `begin` can go in the same write. */
function extended(config: unknown, values: unknown): boolean {
  if (typeof config !== 'object' || config === null) return false;
  const { name, values: own } = config as { name?: string; values?: unknown[] };
  const given = Array.isArray(values) ? values : own;
  return Boolean(name) || (Array.isArray(given) && given.length > 0);
}

/** pg's query in its callback form (the form whose time the metrics' client wrapper measures too). */
type CallbackQuery = (query: unknown, callback: Callback) => void;

/**
 * The pooled connection as a transaction sees it: `begin` goes out with its first statement (a
 * transaction that runs none sends neither begin nor commit). Made once per pooled connection
 * (`boundTo`), its methods on the prototype: a short transaction's client time is counted in
 * microseconds.
 */
class TransactionConnection implements DirectClient {
  begun = false;

  constructor(readonly client: pg.PoolClient) {}

  query(config: unknown, values?: unknown): Promise<unknown> {
    if (this.begun) return this.plain(config, values);
    this.begun = true;
    // A statement in the simple protocol (no values: possibly several statements in one text) is not
    // joined: begin goes first, on its own.
    if (!extended(config, values)) return this.client.query('begin').then(() => this.plain(config, values));
    return this.submit(new BeginThen(config, values));
  }

  /** A fixed named statement (named-statement.ts), its values in order. */
  named(name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    if (!this.begun) {
      this.begun = true;
      return this.submit(namedQuery(new BeginThen(text, values), name)) as Promise<{ rows: unknown[] }>;
    }
    return this.submit(namedQuery(new pg.Query(text, values), name)) as Promise<{ rows: unknown[] }>;
  }

  /** pg's query as drizzle calls it (a text or a config object, and values). */
  private plain(config: unknown, values: unknown): Promise<unknown> {
    return (this.client.query as (...args: unknown[]) => Promise<unknown>)(config, values);
  }

  private submit(query: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => (this.client.query as unknown as CallbackQuery)(query, (error, result) => (error ? reject(error) : resolve(result))));
  }
}

const BOUND = Symbol('transaction objects');
type Bound = { connection: TransactionConnection; tx: Transaction };

/**
 * The transaction objects of a pooled connection (its lazy-begin connection, drizzle's session and
 * transaction over it), made on its first transaction and reused by each later one: a connection
 * runs one transaction at a time, and the objects hold no state of their own but `begun`.
 */
function boundTo(client: pg.PoolClient, dialect: PgDialect): Bound {
  const holder = client as pg.PoolClient & { [BOUND]?: Bound };
  let bound = holder[BOUND];
  if (!bound) {
    const connection = new TransactionConnection(client);
    const tx = new NodePgTransaction<Schema, TablesRelationalConfig>(dialect, new NodePgSession(connection as unknown as pg.PoolClient, dialect, undefined), undefined);
    setDirectClient(tx as unknown as Tx, connection);
    holder[BOUND] = bound = { connection, tx };
  }
  bound.connection.begun = false;
  return bound;
}

/**
 * A query named after it was made from its text: pg copies a config object property by property on
 * every query (a few microseconds each), a text it takes as it is.
 */
function namedQuery<Q>(query: Q, name: string): Q {
  (query as { name?: string }).name = name;
  return query;
}

/**
 * Drizzle's session over the pool, with transactions opened and ended by plain text.
 *
 * Drizzle builds `begin`, `commit` and `rollback` as SQL objects and runs each through a prepared
 * query with its result mapping, and sends `begin` on its own round trip: together most of the
 * client's time in a short transaction (one ledger transfer) outside the transfer itself. Here
 * `begin` goes out with the transaction's first statement and `commit` and `rollback` are fixed
 * strings sent straight to the pooled connection. Savepoints (a transaction inside one) stay drizzle's.
 *
 * A connection whose `begin`, `commit` or `rollback` failed goes back to the pool as broken, to be
 * closed, never to be handed to the next request in an unknown transaction state (drizzle returns it
 * as healthy, or not at all when `begin` fails).
 */
class PoolSession extends NodePgSession<Schema, TablesRelationalConfig> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sqlDialect: PgDialect,
  ) {
    super(pool, sqlDialect, undefined);
  }

  override async transaction<T>(work: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    // begin and commit: a failure leaves the connection in an unknown state, so it is not reused.
    const send = (text: string) =>
      client.query(text).catch((error: Error) => {
        broken = error;
        throw error;
      });
    try {
      // A transaction with options sends its own begin first (they change how its first statement runs).
      const bound = config ? null : boundTo(client, this.sqlDialect);
      const connection = bound?.connection ?? null;
      if (config) await send(beginWith(config));
      const opened = () => !connection || connection.begun;
      const tx = bound?.tx ?? new NodePgTransaction<Schema, TablesRelationalConfig>(this.sqlDialect, new NodePgSession(client, this.sqlDialect, undefined), undefined);
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        // Sent even when the first statement failed: whether its begin ran or not, the connection
        // leaves with no transaction open (a rollback with none open only warns).
        if (opened()) await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
      if (opened()) await send('commit');
      return result;
    } finally {
      client.release(broken);
    }
  }
}

/** `begin` with an isolation level, access mode and deferrability (the values are drizzle's fixed words). */
function beginWith(config: PgTransactionConfig): string {
  const words = ['begin'];
  if (config.isolationLevel) words.push(`isolation level ${config.isolationLevel}`);
  if (config.accessMode) words.push(config.accessMode);
  if (typeof config.deferrable === 'boolean') words.push(config.deferrable ? 'deferrable' : 'not deferrable');
  return words.join(' ');
}

/** The app's query API over a node-postgres pool. */
export function poolDatabase(pool: pg.Pool): Db {
  const dialect = new PgDialect();
  return new NodePgDatabase(dialect, new PoolSession(pool, dialect), undefined) as unknown as Db;
}
