/**
 * The staff-roles migration on a database that has shops from before it: each shop's owner account
 * becomes an owner, its other admins admins, its ordinary users operations; operators get no role;
 * and a shop created afterwards still makes its owner account an owner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');
const TAG = '0024_staff_roles';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-roles-migration-'));

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as it was before the staff roles: the journal up to the one before. */
function folderBefore(): string {
  const folder = path.join(scratch, 'before');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; idx: number }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === TAG);
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

describe('staff roles migration', () => {
  it('moves owner accounts to owner, admins to admin, ordinary users to operations', { timeout: 120_000 }, async () => {
    // In memory, with the extensions the search migrations need (as db/client.ts opens it).
    const client = new PGlite({ extensions: { btree_gin, pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folderBefore() });
      const rows = async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows;
      const [owner] = await rows<{ id: number }>(`insert into users (username, password_hash) values ('owner1', 'x') returning id`);
      const [shop] = await rows<{ id: number }>(`insert into shops (owner_user_id, name) values ($1, 'Old shop') returning id`, [owner.id]);
      await client.query(`insert into users (username, password_hash, shop_id, shop_role) values ('admin1', 'x', $1, 'admin'), ('user1', 'x', $1, 'user')`, [shop.id]);
      await client.query(`insert into users (username, password_hash, role, ops_role) values ('op1', 'x', 'operator', 'support')`);

      await migrate(db, { migrationsFolder });
      const roleOf = await rows<{ username: string; key: string | null; shop_id: number | null }>(
        `select u.username, r.key, u.shop_id from users u left join shop_roles r on r.id = u.role_id order by u.id`,
      );
      expect(roleOf).toEqual([
        { username: 'owner1', key: 'owner', shop_id: shop.id },
        { username: 'admin1', key: 'admin', shop_id: shop.id },
        { username: 'user1', key: 'operations', shop_id: shop.id },
        { username: 'op1', key: null, shop_id: null },
      ]);
      // A shop made later: its owner account is its owner, by the same trigger as before.
      const [later] = await rows<{ id: number }>(`insert into users (username, password_hash) values ('owner2', 'x') returning id`);
      await client.query(`insert into shops (owner_user_id, name) values ($1, 'New shop')`, [later.id]);
      const [made] = await rows<{ key: string }>(`select r.key from users u join shop_roles r on r.id = u.role_id where u.id = $1`, [later.id]);
      expect(made.key).toBe('owner');
      // A seller without a role, or a role without a shop, is refused by the table itself.
      await expect(client.query(`update users set role_id = null where username = 'user1'`)).rejects.toThrow(/users_shop_membership/);
    } finally {
      await client.close();
    }
  });
});
