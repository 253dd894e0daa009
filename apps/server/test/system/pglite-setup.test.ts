import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

// The start-up tuning of pglite-setup.ts: small shared buffers, and new data folders made from the
// initdb template the first one kept (docs/decisions.md, "Start-up and web performance").
// Embedded database only: the PostgreSQL pass of the suite would run the same PGlite code again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite start-up', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pglite-setup-'));
  const templateDir = path.join(work, 'template');
  const before = process.env.PGLITE_TEMPLATE_DIR;
  process.env.PGLITE_TEMPLATE_DIR = templateDir;
  afterAll(() => {
    if (before === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
    else process.env.PGLITE_TEMPLATE_DIR = before;
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps the first initdb as a template, starts new folders from it (a broken one is replaced) and runs with 16 MB of shared buffers', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'a') });
    const [template] = fs.readdirSync(templateDir);
    expect(template).toMatch(/^pglite-.+-initdb\.tar\.gz$/);
    const shown = await first.db.execute(sql`show shared_buffers`);
    expect(JSON.stringify(shown)).toContain('16MB');
    await first.close();

    const templateFile = path.join(templateDir, template);
    const saved = fs.statSync(templateFile).mtimeMs;
    const second = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'b') });
    // Migrated like any folder (the shops table exists) and the template was used as it was.
    expect(await second.db.execute(sql`select count(*) from shops`)).toBeTruthy();
    expect(fs.statSync(templateFile).mtimeMs).toBe(saved);
    await second.close();

    fs.writeFileSync(templateFile, 'not a tarball');
    const third = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'c') });
    expect(await third.db.execute(sql`select count(*) from shops`)).toBeTruthy();
    await third.close();
    expect(fs.readFileSync(templateFile).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 300_000);
});
