import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OPS_ROLES, type OpsRole } from '@shopdesk/shared/ops/operators';
import { operatorAudit, users } from '../../src/db/schema.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { bootstrapSuperAdmin } from '../../src/modules/ops/operator-service.ts';
import { call, createOperator, createSeller, encodePassword, loginToken, opsLoginToken, useTestApp } from '../helper.ts';

const ctx = useTestApp();

interface Operation {
  'x-ops-roles'?: string[];
}

/** A signed-in session of a new operator with this role (made directly: the login is tested elsewhere). */
async function tokenOf(opsRole: OpsRole) {
  const op = await createOperator(ctx.db, undefined, undefined, opsRole);
  return { ...op, token: (await createSession(ctx.db, op.userId, 3_600_000, false)).token };
}

/** Every operation of the API document as [method, path, operation]. */
async function documentedOperations(): Promise<[string, string, Operation][]> {
  const { status, body } = await call(ctx.app, 'GET', '/api/docs/json');
  expect(status).toBe(200);
  return Object.entries(body.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, string, Operation] => [method.toUpperCase(), path, op]),
  );
}

/** A concrete URL for a documented path: ids that match nothing, so an allowed call changes nothing. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '999999');

describe('operator roles: the matrix from the API document', () => {
  it('names the allowed roles on every /api/ops operation but the login, and the super admin on each', async () => {
    const ops = (await documentedOperations()).filter(([, path]) => path.startsWith('/api/ops/') && !path.startsWith('/api/ops/login'));
    expect(ops.length).toBeGreaterThan(25);
    expect(ops.filter(([, , op]) => !op['x-ops-roles']?.length).map(([m, p]) => `${m} ${p}`)).toEqual([]);
    expect(ops.filter(([, , op]) => !op['x-ops-roles']!.includes('super_admin')).map(([m, p]) => `${m} ${p}`)).toEqual([]);
    for (const [, , op] of ops) for (const role of op['x-ops-roles']!) expect(OPS_ROLES).toContain(role);
  });

  it('refuses each role exactly the routes that do not list it, and sellers and strangers all of them', async () => {
    const ops = (await documentedOperations()).filter(([, , op]) => op['x-ops-roles']);
    const sessions = {} as Record<OpsRole, { token: string; userId: number }>;
    for (const role of OPS_ROLES) sessions[role] = await tokenOf(role);
    const seller = await createSeller(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    const observed: string[] = [];
    const expected: string[] = [];
    for (const [method, path, op] of ops) {
      const url = concrete(path);
      const body = method === 'GET' ? undefined : {};
      for (const role of OPS_ROLES) {
        // Logging out ends the session it is called with: that call gets a session of its own.
        const token = path === '/api/ops/logout' ? (await createSession(ctx.db, sessions[role].userId, 3_600_000, false)).token : sessions[role].token;
        const { status } = await call(ctx.app, method as 'GET', url, { token, body });
        observed.push(`${role} ${method} ${path}: ${status === 403 ? 'refused' : 'allowed'}`);
        expected.push(`${role} ${method} ${path}: ${op['x-ops-roles']!.includes(role) ? 'allowed' : 'refused'}`);
        expect(status, `${role} ${method} ${url}`).toBeLessThan(500);
      }
      expect((await call(ctx.app, method as 'GET', url, { token: sellerToken, body })).status, `seller ${method} ${url}`).toBe(403);
      expect((await call(ctx.app, method as 'GET', url, { body })).status, `nobody ${method} ${url}`).toBe(401);
    }
    expect(observed).toEqual(expected);
    // The matrix is not trivial: every role is refused something but the super admin, allowed something all.
    for (const role of OPS_ROLES) {
      const mine = observed.filter((line) => line.startsWith(`${role} `));
      expect(mine.some((line) => line.endsWith('allowed'))).toBe(true);
      expect(mine.some((line) => line.endsWith('refused'))).toBe(role !== 'super_admin');
    }
  });
});

describe('operators managed by a super admin', () => {
  it('creates an operator with a role who can log in and do only what the role allows; the audit names the creator', async () => {
    const admin = await tokenOf('super_admin');
    const created = await call(ctx.app, 'POST', '/api/ops/operators', { token: admin.token, body: { username: 'fin_anna', name: 'Anna', password: encodePassword('anna-secret1'), opsRole: 'finance' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ username: 'fin_anna', name: 'Anna', opsRole: 'finance', status: 'active' });
    const list = await call(ctx.app, 'GET', '/api/ops/operators', { token: admin.token });
    expect(list.body.data.map((row: { username: string }) => row.username)).toContain('fin_anna');
    const [audit] = await ctx.db.select().from(operatorAudit).where(and(eq(operatorAudit.targetType, 'operator'), eq(operatorAudit.targetId, created.body.data.id)));
    expect(audit).toMatchObject({ operatorUserId: admin.userId, action: 'operator.create', before: null, after: { username: 'fin_anna', opsRole: 'finance' } });
    const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, created.body.data.id));
    expect(row!.hash).not.toContain('anna-secret1');
  });

  it('refuses a bad role and a taken username with localized messages, writing nothing', async () => {
    const admin = await tokenOf('super_admin');
    const before = (await call(ctx.app, 'GET', '/api/ops/operators', { token: admin.token })).body.data.length;
    const badRole = await call(ctx.app, 'POST', '/api/ops/operators', { token: admin.token, lang: 'vi-VN', body: { username: 'ops_x1', password: encodePassword('secret12'), opsRole: 'owner' } });
    expect(badRole.status).toBe(400);
    expect(JSON.stringify(badRole.body.details)).toContain('Chọn vai trò');
    const taken = await call(ctx.app, 'POST', '/api/ops/operators', { token: admin.token, body: { username: admin.username.toUpperCase(), password: encodePassword('secret12'), opsRole: 'support' } });
    expect(taken.body.error).toBe('USERNAME_TAKEN');
    // A guessable password is refused with its reason in the caller's language, like a seller's new one.
    const weak = await call(ctx.app, 'POST', '/api/ops/operators', { token: admin.token, lang: 'ms-MY', body: { username: 'ops_weak1', name: 'Weak', password: encodePassword('operator123'), opsRole: 'support' } });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({ error: 'PASSWORD_TOO_WEAK', data: { reason: 'similar' } });
    expect(weak.body.msg).not.toMatch(/password/i);
    expect((await call(ctx.app, 'GET', '/api/ops/operators', { token: admin.token })).body.data.length).toBe(before);
    await expect(bootstrapSuperAdmin(ctx.db, 'weak_root', 'operator123')).rejects.toThrow('PASSWORD_TOO_WEAK');
  });

  it('changes a role: the next request of the operator already has the new one', async () => {
    const admin = await tokenOf('super_admin');
    const support = await tokenOf('support');
    expect((await call(ctx.app, 'GET', '/api/ops/reconcile', { token: support.token })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/ops/deposits/999999/approve', { token: support.token, body: {} })).status).toBe(403);
    const changed = await call(ctx.app, 'POST', `/api/ops/operators/${support.userId}/role`, { token: admin.token, body: { opsRole: 'finance' } });
    expect(changed.body.data.opsRole).toBe('finance');
    expect((await call(ctx.app, 'POST', '/api/ops/deposits/999999/approve', { token: support.token, body: {} })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: support.token })).body.data.opsRole).toBe('finance');
  });

  it('disables an operator (their session ends at once) and enables them again', async () => {
    const admin = await tokenOf('super_admin');
    const catalog = await tokenOf('catalog');
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: catalog.token })).status).toBe(200);
    const disabled = await call(ctx.app, 'POST', `/api/ops/operators/${catalog.userId}/disable`, { token: admin.token });
    expect(disabled.body.data.status).toBe('inactive');
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: catalog.token })).status).toBe(401);
    const enabled = await call(ctx.app, 'POST', `/api/ops/operators/${catalog.userId}/enable`, { token: admin.token });
    expect(enabled.body.data.status).toBe('active');
    const actions = await ctx.db.select({ action: operatorAudit.action }).from(operatorAudit).where(and(eq(operatorAudit.targetType, 'operator'), eq(operatorAudit.targetId, catalog.userId)));
    expect(actions.map((a) => a.action)).toEqual(['operator.disable', 'operator.enable']);
  });

  it('keeps one active super admin: the last cannot be disabled or demoted, even by themselves', async () => {
    // Only the super admins of this test remain active.
    await ctx.db.update(users).set({ status: 'inactive' }).where(and(eq(users.role, 'operator'), eq(users.opsRole, 'super_admin')));
    const admin = await tokenOf('super_admin');
    const demote = await call(ctx.app, 'POST', `/api/ops/operators/${admin.userId}/role`, { token: admin.token, body: { opsRole: 'support' }, lang: 'en-US' });
    expect(demote.body.error).toBe('LAST_SUPER_ADMIN');
    expect(demote.body.msg).toContain('at least one active super admin');
    expect((await call(ctx.app, 'POST', `/api/ops/operators/${admin.userId}/disable`, { token: admin.token })).body.error).toBe('LAST_SUPER_ADMIN');
    // With a second one, one may step down.
    const second = await tokenOf('super_admin');
    expect((await call(ctx.app, 'POST', `/api/ops/operators/${admin.userId}/role`, { token: second.token, body: { opsRole: 'support' } })).body.data.opsRole).toBe('support');
  });

  it('bootstraps the first super admin only while there is none', async () => {
    await ctx.db.update(users).set({ status: 'inactive' }).where(and(eq(users.role, 'operator'), eq(users.opsRole, 'super_admin')));
    const first = await bootstrapSuperAdmin(ctx.db, 'first_root', 'root-secret1');
    expect(first).toMatchObject({ username: 'first_root', opsRole: 'super_admin', status: 'active' });
    await expect(bootstrapSuperAdmin(ctx.db, 'second_root', 'root-secret1')).rejects.toThrow('CONFLICT');
    const token = await opsLoginToken(ctx.app, 'first_root', 'root-secret1');
    expect((await call(ctx.app, 'GET', '/api/ops/operators', { token })).status).toBe(200);
  });
});
