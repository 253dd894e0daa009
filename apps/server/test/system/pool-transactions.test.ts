import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { namedStatement } from '../../src/db/named-statement.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { useTestApp } from '../helper.ts';

/**
 * Transactions on the PostgreSQL server (db/pool-database.ts: begin, commit and rollback sent as
 * plain text on a pooled connection): what commits, what rolls back, savepoints, the transaction
 * options, and a connection that breaks mid-transaction never handed out again.
 */
const ctx = useTestApp();

async function notes(): Promise<string[]> {
  return rowsOf<{ note: string }>(await ctx.db.execute(sql`select note from pool_tx_probe order by id`)).map((r) => r.note);
}

describe.skipIf(!process.env.DATABASE_URL)('transactions on the PostgreSQL pool', () => {
  it('commits the work, rolls back a failed one, and keeps every connection in the pool', async () => {
    await ctx.db.execute(sql`create table pool_tx_probe (id serial primary key, note text not null)`);
    const answer = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pool_tx_probe (note) values ('kept')`);
      return 'done';
    });
    expect(answer).toBe('done');
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pool_tx_probe (note) values ('undone')`);
        throw new Error('refused by the flow');
      }),
    ).rejects.toThrow('refused by the flow');
    // A statement that fails inside: the transaction is aborted on the server and rolled back.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pool_tx_probe (note) values ('undone too')`);
        await tx.execute(sql`insert into pool_tx_probe (note) values (null)`);
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(['kept']);
    const figures = ctx.database.poolFigures()!;
    expect(figures.total).toBe(figures.idle);
    // The next transaction on those connections starts clean (none is left inside an aborted one).
    const inside = await Promise.all(Array.from({ length: figures.total + 1 }, () => ctx.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from pool_tx_probe`))[0]!.n)));
    expect(inside.every((n) => n === 1)).toBe(true);
  });

  it('sends begin with the first statement: a first statement that fails, one in several parts, and none at all', async () => {
    await ctx.db.execute(sql`truncate pool_tx_probe`);
    // A first statement with values goes out behind begin in one write; refused, nothing stays.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pool_tx_probe (note) values (${null})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23502' } }); // not_null_violation
    // Its answer is the statement's own, not begin's.
    const first = await ctx.db.transaction(async (tx) => rowsOf<{ note: string }>(await tx.execute(sql`insert into pool_tx_probe (note) values (${'first'}) returning note`)));
    expect(first).toEqual([{ note: 'first' }]);
    // The first statement in the simple protocol may hold several statements: begin goes on its own.
    await ctx.db.transaction((tx) => tx.execute(sql.raw(`insert into pool_tx_probe (note) values ('a'); insert into pool_tx_probe (note) values ('b')`)));
    // A transaction that runs nothing answers its value and leaves the connection as it was.
    expect(await ctx.db.transaction(async () => 42)).toBe(42);
    await expect(
      ctx.db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(await notes()).toEqual(['first', 'a', 'b']);
    // Every connection is outside a transaction: a statement outside one sees no open transaction.
    const states = await Promise.all(
      Array.from({ length: 4 }, () => ctx.db.execute(sql`select now() = statement_timestamp() as outside`).then((r) => rowsOf<{ outside: boolean }>(r)[0]!.outside)),
    );
    expect(states).toEqual([true, true, true, true]);
  });

  it('parses a named statement again after its first parse failed behind begin', async () => {
    const probe = namedStatement('pool_tx_named_probe', () => sql`select count(*)::int as n from pool_tx_later where note = ${sql.placeholder('note')}`);
    // The table does not exist yet: the statement's parse fails after begin's succeeded.
    await expect(ctx.db.transaction((tx) => probe(tx, { note: 'x' }))).rejects.toMatchObject({ code: '42P01' }); // undefined_table
    await ctx.db.execute(sql`create table pool_tx_later (note text)`);
    await ctx.db.execute(sql`insert into pool_tx_later (note) values ('x')`);
    // One after another: the pool hands back the connection just released, the one whose parse failed.
    for (let i = 0; i < 3; i++) {
      const [row] = rowsOf<{ n: number }>(await ctx.db.transaction((tx) => probe(tx, { note: 'x' })));
      expect(row).toEqual({ n: 1 });
    }
  });

  it('undoes a savepoint that failed and commits the rest', async () => {
    await ctx.db.execute(sql`truncate pool_tx_probe`);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pool_tx_probe (note) values ('outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into pool_tx_probe (note) values ('inner')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction((inner) => inner.execute(sql`insert into pool_tx_probe (note) values ('inner kept')`));
    });
    expect(await notes()).toEqual(['outer', 'inner kept']);
  });

  it('opens a transaction with the isolation level and access mode asked for', async () => {
    const settings = await ctx.db.transaction(
      async (tx) => rowsOf<{ level: string; readOnly: string }>(await tx.execute(sql`select current_setting('transaction_isolation') as level, current_setting('transaction_read_only') as "readOnly"`))[0],
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(settings).toEqual({ level: 'repeatable read', readOnly: 'on' });
    await expect(ctx.db.transaction((tx) => tx.execute(sql`insert into pool_tx_probe (note) values ('x')`), { accessMode: 'read only' })).rejects.toMatchObject({ cause: { code: '25006' } }); // read_only_sql_transaction
    const plain = await ctx.db.transaction(async (tx) => rowsOf<{ level: string }>(await tx.execute(sql`select current_setting('transaction_isolation') as level`))[0]!.level);
    expect(plain).toBe('read committed');
  });

  it('drops a connection that broke mid-transaction instead of handing it out again', async () => {
    await ctx.db.execute(sql`truncate pool_tx_probe`);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      let killed = 0;
      await expect(
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pool_tx_probe (note) values ('lost')`);
          const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          killed = me!.pid;
          await admin.query('select pg_terminate_backend($1)', [killed]);
        }),
      ).rejects.toThrow();
      expect(killed).toBeGreaterThan(0);
      // Every later transaction runs on a live connection, never on the one that was lost.
      const pids = await Promise.all(Array.from({ length: 6 }, () => ctx.db.transaction(async (tx) => rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid)));
      expect(pids).not.toContain(killed);
      expect(await notes()).toEqual([]);
      const figures = ctx.database.poolFigures()!;
      expect(figures.total).toBe(figures.idle);
    } finally {
      await admin.end();
    }
  });
});
