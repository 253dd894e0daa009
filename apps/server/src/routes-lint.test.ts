import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The thin-route rules of eslint.config.js (DESIGN §6 rule 1) fire on a route file that reaches
 * the database, and stay quiet on one that parses, calls one service and answers.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });
const ROUTE_FILE = 'apps/server/src/modules/x/x-routes.ts';

async function ruleIdsOf(code: string, filePath = ROUTE_FILE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const thinRoute = `
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { listThings } from './x-service.ts';

export async function xRoutes(app: FastifyInstance) {
  app.get('/api/x/list', async (request) => ok(request, await listThings(app.db, callerShopId(request))));
}
`;

describe('thin routes lint', { timeout: 30_000 }, () => {
  // Loading the config (and its TypeScript resolver) takes a few seconds the first time.
  beforeAll(() => eslint.calculateConfigForFile(ROUTE_FILE), 60_000);

  it('stays quiet on a route that parses, makes one service call and answers', async () => {
    expect(await ruleIdsOf(thinRoute)).toEqual([]);
  });

  it.each([
    ['drizzle-orm', `import { eq } from 'drizzle-orm';\nexport const x = eq;\n`],
    ['drizzle-orm/pg-core', `import { pgTable } from 'drizzle-orm/pg-core';\nexport const x = pgTable;\n`],
    ['the db schema', `import { orders } from '../../db/schema.ts';\nexport const x = orders;\n`],
    ['the db client', `import type { Db } from '../../db/client.ts';\nexport type X = Db;\n`],
    ['another route file', `import { orderRoutes } from '../orders/order-routes.ts';\nexport const x = orderRoutes;\n`],
  ])('refuses importing %s', async (_what, code) => {
    expect(await ruleIdsOf(code)).toContain('no-restricted-imports');
  });

  it.each([
    ['app.db.select', `export const f = (app: any) => app.db.select().from(1);\n`],
    ['app.db.insert', `export const f = (app: any) => app.db.insert(1).values({});\n`],
    ['app.db.update', `export const f = (app: any) => app.db.update(1).set({});\n`],
    ['app.db.delete', `export const f = (app: any) => app.db.delete(1);\n`],
    ['app.db.execute', `export const f = (app: any) => app.db.execute('select 1');\n`],
    ['app.db.transaction', `export const f = (app: any) => app.db.transaction(async () => 1);\n`],
    ['db.select', `export const f = (db: any) => db.select();\n`],
    ['tx.update', `export const f = (tx: any) => tx.update(1);\n`],
    ['app.db.query', `export const f = (app: any) => app.db.query.orders.findMany();\n`],
  ])('refuses %s in a route file', async (_what, code) => {
    expect(await ruleIdsOf(`/* eslint-disable @typescript-eslint/no-explicit-any */\n${code}`)).toContain('no-restricted-syntax');
  });

  it('passing app.db to a service is allowed', async () => {
    const code = `import { listThings } from './x-service.ts';\nexport const f = (app: { db: unknown }) => listThings(app.db);\n`;
    expect(await ruleIdsOf(code)).toEqual([]);
  });

  it('does not apply to services', async () => {
    const code = `import { eq } from 'drizzle-orm';\nexport const f = (db: any) => db.select().where(eq(1, 1));\n`;
    expect(await ruleIdsOf(`/* eslint-disable @typescript-eslint/no-explicit-any */\n${code}`, 'apps/server/src/modules/x/x-service.ts')).toEqual([]);
  });
});
