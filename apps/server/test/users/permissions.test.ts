/**
 * The permission matrix, read from the API document: every seller operation names the permission it
 * needs (`x-permission`), and each default role (and a shop's own role) is refused exactly the
 * operations its matrix does not allow, with a 403 naming the missing permission. A new seller route
 * is checked here without anyone writing a test for it.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, DEFAULT_ROLE_KEYS, NO_PERMISSIONS, PERMISSION_AREAS, allows, type Permission, type PermissionMatrix } from '@shopdesk/shared/users/permission-rules';
import { activityLog, users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/passwords.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { call, createSeller, loginToken, uniqueName, useTestApp, type SellerFixture } from '../helper.ts';
import { addShopProducts, CARRIER_KEY, fundShopDirect, newBuyer, placeOrder, purchase } from '../orders/fixtures.ts';
import { documentOperations, sampleValue, send, type Operation } from '../system/openapi-operations.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY });
let owner: SellerFixture;
let ownerToken: string;

const VALID_PERMISSIONS = new Set<string>(['member', ...PERMISSION_AREAS.flatMap((a) => [`${a}:view`, `${a}:edit`])]);

/** A member of the owner's shop with the role, added straight into the database (setup, not the behaviour under test). */
async function member(roleId: number): Promise<number> {
  const [row] = await ctx.db
    .insert(users)
    .values({ username: uniqueName('member'), passwordHash: await hashSecret('desk-lamp-93'), role: 'seller', shopId: owner.shopId, roleId })
    .returning({ id: users.id });
  return row.id;
}

/** A fresh session: an operation that ends the caller's session (logout) must not end the next one's. */
async function tokenOf(userId: number): Promise<string> {
  return (await createSession(ctx.db, userId, 60_000, false)).token;
}

function sellerOperations(): (Operation & { permission: string | undefined })[] {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { 'x-permission'?: string; 'x-ops-roles'?: string[] }>> };
  return documentOperations(ctx.app)
    .filter((op) => op.scheme === 'authToken')
    .map((op) => ({ ...op, permission: doc.paths[op.path][op.method.toLowerCase()]['x-permission'], opsRoles: doc.paths[op.path][op.method.toLowerCase()]['x-ops-roles'] }))
    .filter((op) => !op.opsRoles);
}

function inputOf(op: Operation) {
  const params = Object.fromEntries(op.params.map((p) => [p.name, 987654]));
  const query = Object.fromEntries(op.query.filter((p) => p.required).map((p) => [p.name, sampleValue(p.schema, p.name)]));
  return { params, query, body: op.body ? sampleValue(op.body) : undefined };
}

beforeAll(async () => {
  // A first shop whose ids (1, …) the sampled inputs may name: the shop under test is another one.
  await createSeller(ctx.db);
  owner = await createSeller(ctx.db);
  ownerToken = await loginToken(ctx.app, owner.username, owner.password);
});

describe('the permission matrix from the API document', () => {
  it('every seller operation declares a known permission', () => {
    const ops = sellerOperations();
    expect(ops.length).toBeGreaterThan(60);
    const undeclared = ops.filter((op) => !op.permission || !VALID_PERMISSIONS.has(op.permission)).map((op) => `${op.name}: ${op.permission}`);
    expect(undeclared).toEqual([]);
    // Operator and buyer operations carry none: their own checks apply.
    const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    const stray = documentOperations(ctx.app)
      .filter((op) => op.scheme !== 'authToken' || op.path.startsWith('/api/ops/'))
      .filter((op) => doc.paths[op.path][op.method.toLowerCase()]['x-permission']);
    expect(stray.map((op) => op.name)).toEqual([]);
  });

  const roles: [string, () => Promise<{ matrix: PermissionMatrix; roleId: number }>][] = [
    ...DEFAULT_ROLE_KEYS.map((key): [string, () => Promise<{ matrix: PermissionMatrix; roleId: number }>] => [
      key,
      async () => ({ matrix: DEFAULT_ROLES[key], roleId: await defaultRoleId(ctx.db, key) }),
    ]),
    [
      'a shop role (packer: orders edit, products view)',
      async () => {
        const matrix = { ...NO_PERMISSIONS, orders: 'edit', products: 'view' } as PermissionMatrix;
        const created = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: uniqueName('packer'), permissions: matrix } });
        expect(created.status).toBe(200);
        return { matrix, roleId: created.body.data.roleId };
      },
    ],
  ];

  it.each(roles)('%s is refused exactly what its matrix does not allow', async (_label, roleOf) => {
    const { matrix, roleId } = await roleOf();
    const userId = await member(roleId);
    const mismatches: string[] = [];
    let refused = 0;
    for (const op of sellerOperations()) {
      const permission = op.permission as Permission;
      const answer = await send(ctx.app, op, { label: 'member', headers: { authtoken: await tokenOf(userId), 'idempotency-key': `perm-${roleId}-${op.name}` } }, inputOf(op));
      const body = (() => {
        try {
          return JSON.parse(answer.text) as { error?: string; data?: { permission?: string } };
        } catch {
          return {};
        }
      })();
      const denied = answer.status === 403 && body.error === 'PERMISSION_DENIED';
      if (denied) refused += 1;
      if (denied !== !allows(matrix, permission)) mismatches.push(`${op.name} (${permission}): ${answer.status} ${body.error ?? ''}`);
      if (denied && body.data?.permission !== permission) mismatches.push(`${op.name}: the refusal names ${body.data?.permission}, not ${permission}`);
    }
    expect(mismatches).toEqual([]);
    // Every role but the all-powerful ones is refused something.
    if (PERMISSION_AREAS.some((a) => matrix[a] !== 'edit')) expect(refused).toBeGreaterThan(0);
  });

  it("names the missing permission in the caller's language and changes nothing", async () => {
    const userId = await member(await defaultRoleId(ctx.db, 'customer_service'));
    const token = await tokenOf(userId);
    const vi = await call(ctx.app, 'POST', '/api/wallet/withdraw', { token, lang: 'vi-VN', body: {} });
    expect(vi.status).toBe(403);
    expect(vi.body).toMatchObject({ error: 'PERMISSION_DENIED', code: 1180, data: { permission: 'wallet:edit' } });
    expect(vi.body.msg).toContain('ví và rút tiền');
    expect(vi.body.msg).toContain('xem và sửa');
    const ja = await call(ctx.app, 'GET', '/api/wallet/summary', { token, lang: 'ja-JP' });
    expect(ja.body.msg).toContain('ウォレットと出金');
    expect(ja.body.msg).toContain('閲覧');
    const before = (await call(ctx.app, 'GET', '/api/shop/info', { token })).body.data.shopName;
    const refused = await call(ctx.app, 'POST', '/api/shop/update', { token, body: { shopName: 'Taken over' } });
    expect(refused.body.error).toBe('PERMISSION_DENIED');
    expect((await call(ctx.app, 'GET', '/api/shop/info', { token })).body.data.shopName).toBe(before);
  });

  it('the fund password change needs wallet edit (checked in the service: the body says which password)', async () => {
    const userId = await member(await defaultRoleId(ctx.db, 'operations'));
    const answer = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', {
      token: await tokenOf(userId),
      body: { fundPassword: Buffer.from('123456').toString('base64'), newPwd: Buffer.from('654321').toString('base64') },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'PERMISSION_DENIED', data: { permission: 'wallet:edit' } });
  });
});

describe("a shop's own roles", () => {
  it('a packer purchases orders with the fund password but sees no wallet', async () => {
    const created = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'Packer', permissions: { ...NO_PERMISSIONS, orders: 'edit' } } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ key: null, name: 'Packer', members: 0, permissions: { orders: 'edit', wallet: 'none' } });
    const username = uniqueName('packer');
    const added = await call(ctx.app, 'POST', '/api/users/add', {
      token: ownerToken,
      body: { username, password: Buffer.from('desk-lamp-93').toString('base64'), name: 'Packer One', email: '', roleId: created.body.data.roleId },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ roleId: created.body.data.roleId, roleKey: null, roleName: 'Packer' });
    const token = await loginToken(ctx.app, username, 'desk-lamp-93');
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token });
    expect(me.body.data.shopRole).toMatchObject({ key: null, name: 'Packer', permissions: { orders: 'edit', wallet: 'none' } });

    await fundShopDirect(ctx.db, owner.shopId, 1_000_00);
    const [productId] = await addShopProducts(ctx, { userId: owner.userId, shopId: owner.shopId, token: ownerToken, fundPassword: '123456' }, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, owner.shopId, productId);
    expect((await call(ctx.app, 'GET', '/api/order/getAccountBalance', { token })).status).toBe(200);
    expect((await purchase(ctx.app, { token, fundPassword: '123456' }, [orderId])).status).toBe(200);
    for (const path of ['/api/wallet/summary', '/api/wallet/transactions', '/api/finance/report']) {
      expect((await call(ctx.app, 'GET', path, { token })).body.error, path).toBe('PERMISSION_DENIED');
    }
    // The activity log names the member who purchased, and the owner filters by them.
    const log = await call(ctx.app, 'POST', '/api/activityLog/list', { token: ownerToken, body: { userId: added.body.data.userId } });
    expect(log.status).toBe(200);
    expect(log.body.data.list.map((e: { action: string; username: string }) => [e.action, e.username])).toEqual([['purchase', username]]);
  });

  it("a changed matrix applies to the members' next request; a role in use cannot be deleted", async () => {
    const created = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'Stock', permissions: { ...NO_PERMISSIONS, products: 'view' } } });
    const roleId = created.body.data.roleId as number;
    const token = await tokenOf(await member(roleId));
    expect((await call(ctx.app, 'GET', '/api/product/list', { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token })).body.error).toBe('PERMISSION_DENIED');
    const updated = await call(ctx.app, 'POST', '/api/users/roles/update', { token: ownerToken, body: { roleId, name: 'Stock and orders', permissions: { ...NO_PERMISSIONS, orders: 'view' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Stock and orders', members: 1 });
    // The session was just looked up (and cached): the new matrix applies all the same.
    expect((await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/product/list', { token })).body.error).toBe('PERMISSION_DENIED');
    const inUse = await call(ctx.app, 'POST', '/api/users/roles/delete', { token: ownerToken, body: { roleId } });
    expect(inUse.body).toMatchObject({ error: 'ROLE_IN_USE' });
    const spare = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'Spare', permissions: NO_PERMISSIONS } });
    expect((await call(ctx.app, 'POST', '/api/users/roles/delete', { token: ownerToken, body: { roleId: spare.body.data.roleId } })).status).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/users/roles', { token: ownerToken });
    expect(list.body.data.list.map((r: { key: string | null; name: string }) => r.key ?? r.name)).toEqual(expect.arrayContaining([...DEFAULT_ROLE_KEYS, 'Stock and orders']));
    expect(list.body.data.list.map((r: { name: string }) => r.name)).not.toContain('Spare');
    const actions = (await ctx.db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.shopId, owner.shopId))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['role_created', 'role_updated', 'role_deleted']));
  });

  it('refuses a taken name, a default role change, a role of another shop, and a matrix with a missing area', async () => {
    await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'Night shift', permissions: NO_PERMISSIONS } });
    const taken = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'NIGHT SHIFT', permissions: NO_PERMISSIONS } });
    expect(taken.body).toMatchObject({ error: 'ROLE_NAME_TAKEN', code: 1182 });
    const fixed = await call(ctx.app, 'POST', '/api/users/roles/update', { token: ownerToken, body: { roleId: await defaultRoleId(ctx.db, 'finance'), name: 'Finance', permissions: NO_PERMISSIONS } });
    expect(fixed.body.error).toBe('ROLE_FIXED');
    const { orders: _orders, ...partial } = NO_PERMISSIONS;
    const bad = await call(ctx.app, 'POST', '/api/users/roles/create', { token: ownerToken, body: { name: 'Partial', permissions: partial } });
    expect(bad.status).toBe(400);
    const other = await createSeller(ctx.db);
    const otherToken = await loginToken(ctx.app, other.username, other.password);
    const theirs = await call(ctx.app, 'POST', '/api/users/roles/create', { token: otherToken, body: { name: 'Theirs', permissions: NO_PERMISSIONS } });
    const assign = await call(ctx.app, 'POST', '/api/users/add', {
      token: ownerToken,
      body: { username: uniqueName('staff'), password: Buffer.from('desk-lamp-93').toString('base64'), roleId: theirs.body.data.roleId },
    });
    expect(assign.status).toBe(404);
    expect((await call(ctx.app, 'POST', '/api/users/roles/delete', { token: ownerToken, body: { roleId: theirs.body.data.roleId } })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/users/roles', { token: ownerToken })).body.data.list.map((r: { name: string }) => r.name)).not.toContain('Theirs');
  });

  it('only an owner gives, takes or touches the owner role', async () => {
    const adminId = await member(await defaultRoleId(ctx.db, 'admin'));
    const adminToken = await tokenOf(adminId);
    const ownerRole = await defaultRoleId(ctx.db, 'owner');
    const promote = await call(ctx.app, 'POST', '/api/users/update', { token: adminToken, body: { userId: adminId, name: '', email: '', roleId: ownerRole } });
    expect(promote.body).toMatchObject({ error: 'OWNER_ONLY', code: 1181 });
    const demote = await call(ctx.app, 'POST', '/api/users/update', { token: adminToken, body: { userId: owner.userId, name: '', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(demote.body.error).toBe('OWNER_ONLY');
    expect((await call(ctx.app, 'POST', '/api/users/deactivate', { token: adminToken, body: { userId: owner.userId } })).body.error).toBe('OWNER_ONLY');
    // The owner may make the admin a second owner.
    expect((await call(ctx.app, 'POST', '/api/users/update', { token: ownerToken, body: { userId: adminId, name: '', email: '', roleId: ownerRole } })).status).toBe(200);
    const [row] = await ctx.db.select({ roleId: users.roleId }).from(users).where(and(eq(users.id, adminId), eq(users.shopId, owner.shopId)));
    expect(row.roleId).toBe(ownerRole);
  });
});
