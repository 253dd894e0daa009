import type { DbOrTx } from './client.ts';

/**
 * `build` run once per database handle and kept while the handle lives: for prepared statements,
 * which drizzle binds to the handle they were built on (each app and each test has its own).
 */
export function perHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
