import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

// The start-up tuning of pglite-setup.ts: small shared buffers, and new data folders made from the
// template folders the first one kept (docs/decisions.md, "PGlite settings and templates").
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

  it('keeps the first initdb and the first migrated folder as templates, starts new folders from them (a broken one is replaced) and runs with 16 MB of shared buffers', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'a') });
    const templates = fs.readdirSync(templateDir).sort();
    expect(templates).toEqual([expect.stringMatching(/^pglite-.+-initdb$/), expect.stringMatching(/^pglite-.+-migrated-[0-9a-f]{16}$/)]);
    const shown = await first.db.execute(sql`show shared_buffers`);
    expect(JSON.stringify(shown)).toContain('16MB');
    await first.close();

    // The migrated template is the one a new folder starts from.
    const control = path.join(templateDir, templates[1], 'global', 'pg_control');
    const saved = fs.statSync(control).mtimeMs;
    const second = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'b') });
    // Migrated like any folder (the shops table exists) and the template was used as it was.
    expect(await second.db.execute(sql`select count(*) from shops`)).toBeTruthy();
    expect(fs.statSync(control).mtimeMs).toBe(saved);
    await second.close();

    fs.writeFileSync(control, 'not a control file');
    const third = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'c') });
    expect(await third.db.execute(sql`select count(*) from shops`)).toBeTruthy();
    await third.close();
    // The broken template was dropped and the folder that replaced it kept anew.
    expect(fs.readdirSync(templateDir).sort()).toEqual(templates);
    expect(fs.readFileSync(control).length).toBeGreaterThan(100);
  }, 300_000);
});
