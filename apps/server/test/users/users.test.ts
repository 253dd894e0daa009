import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { USERS } from '@shopdesk/shared/users/schemas';
import { DEFAULT_ROLES, type DefaultRoleKey } from '@shopdesk/shared/users/permission-rules';
import { activityLog, shopRoles, users } from '../../src/db/schema.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { call, createSeller, encodePassword, login, loginToken, uniqueName, useTestApp, type SellerFixture } from '../helper.ts';
import { addShopProducts, CARRIER_KEY, fundShopDirect, newBuyer, placeOrder, purchase } from '../orders/fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY });
let owner: SellerFixture;
let ownerToken: string;
let other: SellerFixture;
let otherToken: string;

beforeAll(async () => {
  owner = await createSeller(ctx.db);
  ownerToken = await loginToken(ctx.app, owner.username, owner.password);
  other = await createSeller(ctx.db);
  otherToken = await loginToken(ctx.app, other.username, other.password);
});

async function addUser(token: string, fields: { username?: string; password?: string; role?: DefaultRoleKey; name?: string; email?: string } = {}) {
  const username = fields.username ?? uniqueName('staff');
  const password = fields.password ?? 'desk-lamp-93';
  const answer = await call(ctx.app, 'POST', '/api/users/add', {
    token,
    body: { username, password: encodePassword(password), name: fields.name ?? 'Staff Member', email: fields.email ?? '', roleId: await defaultRoleId(ctx.db, fields.role ?? 'operations') },
  });
  return { ...answer, username, password };
}

async function ordinaryUser() {
  const added = await addUser(ownerToken);
  expect(added.status).toBe(200);
  return { userId: added.body.data.userId as number, username: added.username, password: added.password, token: await loginToken(ctx.app, added.username, added.password) };
}

const actionsOf = async (shopId: number) => (await ctx.db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.shopId, shopId))).map((r) => r.action);

describe('shop membership', () => {
  it('makes the shop owner account its owner, shown by "who am I"', async () => {
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token: ownerToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ userId: owner.userId, shopRole: { key: 'owner', permissions: DEFAULT_ROLES.owner }, fundPasswordSet: true, shop: { shopId: owner.shopId } });
    const list = await call(ctx.app, 'GET', '/api/users/list', { token: ownerToken });
    expect(list.body.data.list).toEqual([expect.objectContaining({ userId: owner.userId, roleKey: 'owner', status: 'active', owner: true })]);
  });
});

describe('user management', () => {
  it('adds a user with every field checked, and lists them with filters and pages', async () => {
    const bad = await call(ctx.app, 'POST', '/api/users/add', {
      token: ownerToken,
      body: { username: 'ab', password: encodePassword('123'), name: 'x'.repeat(51), email: 'not-an-email', roleId: 'boss' },
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['email', 'name', 'password', 'roleId', 'username']);
    const tooLong = await addUser(ownerToken, { username: 'u'.repeat(21) });
    expect(tooLong.status).toBe(400);
    const longPassword = await addUser(ownerToken, { password: 'p'.repeat(21) });
    expect(longPassword.status).toBe(400);
    // An address of 101 characters is one too many (USERS.EMAIL_MAX).
    const longEmail = await addUser(ownerToken, { email: `${'e'.repeat(USERS.EMAIL_MAX - 11)}@example.com` });
    expect(longEmail.status).toBe(400);
    expect(longEmail.body.details.map((d: { path: string }) => d.path)).toEqual(['email']);
    const unencoded = await call(ctx.app, 'POST', '/api/users/add', { token: ownerToken, body: { username: uniqueName('staff'), password: 'not base64!', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(unencoded.status).toBe(400);

    const added = await addUser(ownerToken, { name: 'Lan Pham', email: 'lan@example.com' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ username: added.username, name: 'Lan Pham', email: 'lan@example.com', roleKey: 'operations', status: 'active', owner: false });
    expect(added.body.data.createTime).toMatch(/^\d{4}-/);

    const taken = await addUser(ownerToken, { username: added.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'USERNAME_TAKEN', code: 1091 });
    const takenElsewhere = await addUser(otherToken, { username: owner.username });
    expect(takenElsewhere.body.error).toBe('USERNAME_TAKEN');

    const byKeyword = await call(ctx.app, 'GET', '/api/users/list', { token: ownerToken, query: { keyword: 'lan ph' } });
    expect(byKeyword.body.data.list.map((u: { username: string }) => u.username)).toEqual([added.username]);
    const owners = await call(ctx.app, 'GET', '/api/users/list', { token: ownerToken, query: { roleId: await defaultRoleId(ctx.db, 'owner') } });
    expect(owners.body.data.list.map((u: { userId: number }) => u.userId)).toEqual([owner.userId]);
    const paged = await call(ctx.app, 'GET', '/api/users/list', { token: ownerToken, query: { page: 1, pageSize: 1 } });
    expect(paged.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(2);
    // The other shop sees none of them.
    const theirs = await call(ctx.app, 'GET', '/api/users/list', { token: otherToken });
    expect(theirs.body.data.list.map((u: { userId: number }) => u.userId)).toEqual([other.userId]);
    expect(await actionsOf(owner.shopId)).toContain('user_added');
  });

  it('edits name, email and role; a new role applies to the next request', async () => {
    const staff = await ordinaryUser();
    expect((await call(ctx.app, 'GET', '/api/users/list', { token: staff.token })).status).toBe(403);
    const edited = await call(ctx.app, 'POST', '/api/users/update', { token: ownerToken, body: { userId: staff.userId, name: 'Minh', email: 'minh@example.com', roleId: await defaultRoleId(ctx.db, 'admin') } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Minh', email: 'minh@example.com', roleKey: 'admin' });
    expect((await call(ctx.app, 'GET', '/api/users/list', { token: staff.token })).status).toBe(200);
    const badEmail = await call(ctx.app, 'POST', '/api/users/update', { token: ownerToken, body: { userId: staff.userId, name: 'Minh', email: 'minh@', roleId: await defaultRoleId(ctx.db, 'admin') } });
    expect(badEmail.status).toBe(400);
    await call(ctx.app, 'POST', '/api/users/update', { token: ownerToken, body: { userId: staff.userId, name: 'Minh', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect((await call(ctx.app, 'GET', '/api/users/list', { token: staff.token })).status).toBe(403);
    expect(await actionsOf(owner.shopId)).toContain('user_updated');
  });

  it('deactivation ends the sessions at once and stops the login with its own message; reactivation lets them back', async () => {
    const staff = await ordinaryUser();
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: staff.token })).status).toBe(200);
    const off = await call(ctx.app, 'POST', '/api/users/deactivate', { token: ownerToken, body: { userId: staff.userId } });
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('inactive');
    // The very next request, although the session was just looked up (and cached), is refused.
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: staff.token })).status).toBe(401);
    const refused = await login(ctx.app, staff.username, staff.password);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'ACCOUNT_INACTIVE', code: 1090 });
    const zh = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', headers: { 'accept-language': 'zh-CN' }, payload: { username: staff.username, password: encodePassword(staff.password) } });
    expect(JSON.parse(zh.body).msg).toContain('停用');
    // A wrong password still answers the generic failure: nobody learns the account exists.
    expect((await login(ctx.app, staff.username, 'wrong-password')).body.error).toBe('INVALID_CREDENTIALS');
    const again = await call(ctx.app, 'POST', '/api/users/deactivate', { token: ownerToken, body: { userId: staff.userId } });
    expect(again.status).toBe(200);
    const on = await call(ctx.app, 'POST', '/api/users/reactivate', { token: ownerToken, body: { userId: staff.userId } });
    expect(on.body.data.status).toBe('active');
    expect((await login(ctx.app, staff.username, staff.password)).status).toBe(200);
    const actions = await actionsOf(owner.shopId);
    expect(actions).toContain('user_deactivated');
    expect(actions).toContain('user_reactivated');
  });

  it('resets a password: the old one stops working and every session of the user ends', async () => {
    const staff = await ordinaryUser();
    const short = await call(ctx.app, 'POST', '/api/users/resetPassword', { token: ownerToken, body: { userId: staff.userId, password: encodePassword('12345') } });
    expect(short.status).toBe(400);
    const reset = await call(ctx.app, 'POST', '/api/users/resetPassword', { token: ownerToken, body: { userId: staff.userId, password: encodePassword('cargo-lamp-42') } });
    expect(reset.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: staff.token })).status).toBe(401);
    expect((await login(ctx.app, staff.username, staff.password)).status).toBe(401);
    expect((await login(ctx.app, staff.username, 'cargo-lamp-42')).status).toBe(200);
    expect(await actionsOf(owner.shopId)).toContain('password_reset');
  });

  it('keeps one active owner: the last one can be neither deactivated nor given another role', async () => {
    const solo = await createSeller(ctx.db);
    const soloToken = await loginToken(ctx.app, solo.username, solo.password);
    const demote = await call(ctx.app, 'POST', '/api/users/update', { token: soloToken, body: { userId: solo.userId, name: '', email: '', roleId: await defaultRoleId(ctx.db, 'admin') } });
    expect(demote.status).toBe(422);
    expect(demote.body).toMatchObject({ error: 'LAST_OWNER', code: 1092 });
    const off = await call(ctx.app, 'POST', '/api/users/deactivate', { token: soloToken, body: { userId: solo.userId } });
    expect(off.body.error).toBe('LAST_OWNER');
    // With a second owner, the first may go; then the second is the last one.
    const second = await addUser(soloToken, { role: 'owner' });
    const secondToken = await loginToken(ctx.app, second.username, second.password);
    expect((await call(ctx.app, 'POST', '/api/users/deactivate', { token: secondToken, body: { userId: solo.userId } })).status).toBe(200);
    const last = await call(ctx.app, 'POST', '/api/users/update', { token: secondToken, body: { userId: second.body.data.userId, name: '', email: '', roleId: await defaultRoleId(ctx.db, 'admin') } });
    expect(last.body.error).toBe('LAST_OWNER');
    // An inactive owner does not count: giving them another role is fine.
    expect((await call(ctx.app, 'POST', '/api/users/update', { token: secondToken, body: { userId: solo.userId, name: '', email: '', roleId: await defaultRoleId(ctx.db, 'admin') } })).status).toBe(200);
    const [row] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, second.body.data.userId));
    expect(row.status).toBe('active');
  });

  it("answers 404 for another shop's users on every action", async () => {
    const target = { userId: other.userId };
    for (const [path, body] of [
      ['/api/users/update', { ...target, name: 'x', email: '', roleId: await defaultRoleId(ctx.db, 'operations') }],
      ['/api/users/deactivate', target],
      ['/api/users/reactivate', target],
      ['/api/users/resetPassword', { ...target, password: encodePassword('hijack1') }],
    ] as const) {
      const answer = await call(ctx.app, 'POST', path, { token: ownerToken, body });
      expect(answer.status, path).toBe(404);
    }
    expect((await login(ctx.app, other.username, other.password)).status).toBe(200);
  });
});

describe('roles: what the operations role may not do', () => {
  it('answers 403 PERMISSION_DENIED, naming the permission, before reading the body', async () => {
    const staff = await ordinaryUser();
    const forbidden: [string, string, unknown][] = [
      ['POST', '/api/wallet/withdraw', { method: 'crypto', network: 'TRC20', address: 'TXYZabcdefghijklmnopqrstuvwxyz1234', amount: 100, fundPassword: encodePassword('123456') }],
      ['POST', '/api/order/setPayPassword', { fundPassword: encodePassword('123456'), confirmPassword: encodePassword('123456') }],
      ['POST', '/api/sellAuth/updatePassword', { fundPassword: encodePassword('123456'), newPwd: encodePassword('654321') }],
      ['GET', '/api/users/list', undefined],
      ['POST', '/api/users/add', { username: 'sneaky', password: encodePassword('sneaky1'), roleId: 1 }],
      ['POST', '/api/users/update', { userId: staff.userId, name: '', email: '', roleId: 1 }],
      ['POST', '/api/users/deactivate', { userId: owner.userId }],
      ['POST', '/api/users/reactivate', { userId: owner.userId }],
      ['POST', '/api/users/resetPassword', { userId: owner.userId, password: encodePassword('hijack1') }],
      ['POST', '/api/shop/update', { shopName: 'Taken over' }],
      ['POST', '/api/shop/preferences', { siteName: 'Taken over' }],
      ['POST', '/api/shop/logo/remove', { target: 'shop' }],
      ['POST', '/api/shop/logo', {}],
      ['POST', '/api/marketing/buyPackage', { type: 'silver', fundPassword: encodePassword('123456') }],
    ];
    for (const [method, path, body] of forbidden) {
      const answer = await call(ctx.app, method as 'GET' | 'POST', path, { token: staff.token, body, headers: { 'idempotency-key': `k-${path}` } });
      expect(answer.status, path).toBe(403);
      expect(answer.body.error, path).toBe('PERMISSION_DENIED');
    }
    // Nothing changed: the shop's name and the fund password are as before.
    expect((await call(ctx.app, 'GET', '/api/shop/info', { token: staff.token })).body.data.shopName).toBe(`${owner.username} shop`);
    expect((await login(ctx.app, owner.username, owner.password)).status).toBe(200);
    // Their own login password is theirs to change.
    const own = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token: staff.token, body: { password: encodePassword(staff.password), newPwd: encodePassword('mango-tide-24') } });
    expect(own.status).toBe(200);
  });

  it('lets an operations member work: read the shop, and purchase with the shop fund password (whose wrong tries count for that user, not the owner)', async () => {
    const staff = await ordinaryUser();
    expect((await call(ctx.app, 'GET', '/api/shop/info', { token: staff.token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/order/getAccountBalance', { token: staff.token })).status).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token: staff.token });
    expect(me.body.data).toMatchObject({ shopRole: { key: 'operations' }, fundPasswordSet: true, shop: { shopId: owner.shopId } });

    await fundShopDirect(ctx.db, owner.shopId, 1_000_00);
    const [productId] = await addShopProducts(ctx, { userId: owner.userId, shopId: owner.shopId, token: ownerToken, fundPassword: '123456' }, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, owner.shopId, productId);
    const staffShop = { token: staff.token, fundPassword: '123456' };
    const wrong = await purchase(ctx.app, staffShop, [orderId], { fundPassword: '000000' });
    expect(wrong.body.error).toBe('FUND_PASSWORD_WRONG');
    const failuresOf = async (id: number) => (await ctx.db.select({ failures: users.fundFailures }).from(users).where(eq(users.id, id)))[0].failures;
    expect(await failuresOf(staff.userId)).toBe(1);
    expect(await failuresOf(owner.userId)).toBe(0);
    const right = await purchase(ctx.app, staffShop, [orderId]);
    expect(right.status).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('last owner under concurrency (PostgreSQL)', () => {
  it('two owners demoting and deactivating each other at once: exactly one succeeds, one active owner remains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const shop = await createSeller(ctx.db);
      const firstToken = await loginToken(ctx.app, shop.username, shop.password);
      const second = await addUser(firstToken, { role: 'owner' });
      const secondToken = await loginToken(ctx.app, second.username, second.password);
      const [a, b] = await Promise.all([
        call(ctx.app, 'POST', '/api/users/update', { token: firstToken, body: { userId: second.body.data.userId, name: '', email: '', roleId: await defaultRoleId(ctx.db, 'admin') } }),
        call(ctx.app, 'POST', '/api/users/deactivate', { token: secondToken, body: { userId: shop.userId } }),
      ]);
      // The loser is refused: LAST_OWNER, or 403 when it was itself demoted or deactivated first.
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 422]).toContain(statuses[1]);
      const owners = await ctx.db.select({ id: users.id }).from(users).innerJoin(shopRoles, eq(shopRoles.id, users.roleId)).where(and(eq(users.shopId, shop.shopId), eq(shopRoles.key, 'owner'), eq(users.status, 'active')));
      expect(owners).toHaveLength(1);
    }
  });
});
