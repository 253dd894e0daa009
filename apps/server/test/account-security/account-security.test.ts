import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import { NO_PERMISSIONS } from '@shopdesk/shared/users/permission-rules';
import { notifications, twoFactors, users } from '../../src/db/schema.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { call, createSeller, encodePassword, fundShop, requestWithdrawal, totpNow, uniqueName, useWalletTestApp } from '../helper.ts';

const ctx = useWalletTestApp();

let address = 0;
/** Each test from its own address: the login throttle's address key stays out of the way. */
const nextIp = () => `10.7.0.${++address}`;
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function sellerLogin(username: string, password: string, ip: string, userAgent = CHROME_WINDOWS) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { username, password: encodePassword(password) } });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

async function verify(challenge: string, code: string, ip: string, userAgent = CHROME_WINDOWS) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login/verify', remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { challenge, code } });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

/**
 * The current code, with the step last spent forgotten first: a code is good once, and a test that
 * needs several within one 30 s step would otherwise wait (test setup, as the operators' helper does;
 * the replay refusal is checked on its own above).
 */
async function freshCode(userId: number, secret: string) {
  await ctx.db.update(twoFactors).set({ lastStep: null }).where(eq(twoFactors.userId, userId));
  return totpNow(secret);
}

/** A seller with the second factor on (enrolled through the API): the token, the secret and the recovery codes. */
async function enrolledSeller(ip = nextIp()) {
  const seller = await createSeller(ctx.db);
  const first = await sellerLogin(seller.username, seller.password, ip);
  const token = first.body.data.token as string;
  const enrolment = await call(ctx.app, 'POST', '/api/account/twoFactor/enrol', { token });
  expect(enrolment.status).toBe(200);
  const { secret, qrDataUrl, otpauthUrl } = enrolment.body.data;
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
  const confirmed = await call(ctx.app, 'POST', '/api/account/twoFactor/confirm', { token, body: { code: await totpNow(secret) } });
  expect(confirmed.status).toBe(200);
  return { ...seller, token, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[], ip };
}

async function stepUp(token: string, action: string, code: string) {
  return call(ctx.app, 'POST', '/api/account/stepUp', { token, body: { action, code } });
}

describe("shop members' second factor", () => {
  it('enrols from the menu; the login then asks for the code; a wrong and a replayed code are refused', async () => {
    const seller = await enrolledSeller();
    expect(seller.recoveryCodes).toHaveLength(TWO_FACTOR.RECOVERY_CODES);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: seller.token })).body.data.twoFactorEnabled).toBe(true);
    // A second enrolment cannot replace the factor.
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/enrol', { token: seller.token })).body.error).toBe('TWO_FACTOR_ALREADY_ENROLLED');

    const first = await sellerLogin(seller.username, seller.password, seller.ip);
    expect(first.status).toBe(200);
    expect(first.body.data).not.toHaveProperty('token');
    expect(first.body.data.step).toBe('code');
    const code = await freshCode(seller.userId, seller.secret);
    const other = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await verify(first.body.data.challenge, other, seller.ip);
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toBe('TWO_FACTOR_CODE_WRONG');
    const done = await verify(first.body.data.challenge, code, seller.ip);
    expect(done.status).toBe(200);
    expect(typeof done.body.data.token).toBe('string');
    // The same code again (a new challenge): refused, it was spent.
    const again = await sellerLogin(seller.username, seller.password, seller.ip);
    expect((await verify(again.body.data.challenge, code, seller.ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
  });

  it('takes each recovery code once, at login', async () => {
    const seller = await enrolledSeller();
    const [recovery] = seller.recoveryCodes;
    const first = await sellerLogin(seller.username, seller.password, seller.ip);
    expect((await verify(first.body.data.challenge, recovery!.toLowerCase(), seller.ip)).status).toBe(200);
    const second = await sellerLogin(seller.username, seller.password, seller.ip);
    expect((await verify(second.body.data.challenge, recovery!, seller.ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
    expect((await call(ctx.app, 'GET', '/api/account/twoFactor', { token: seller.token })).body.data.recoveryCodesLeft).toBe(TWO_FACTOR.RECOVERY_CODES - 1);
  });

  it('regenerates recovery codes (the old ones stop working) and turns off only with a good code', async () => {
    const seller = await enrolledSeller();
    const regenerated = await call(ctx.app, 'POST', '/api/account/twoFactor/recoveryCodes', { token: seller.token, body: { code: await freshCode(seller.userId, seller.secret) } });
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(TWO_FACTOR.RECOVERY_CODES);
    const first = await sellerLogin(seller.username, seller.password, seller.ip);
    expect((await verify(first.body.data.challenge, seller.recoveryCodes[0]!, seller.ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');

    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/disable', { token: seller.token, body: { code: 'AAAAA-AAAAA' } })).body.error).toBe('TWO_FACTOR_CODE_WRONG');
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/disable', { token: seller.token, body: { code: fresh[0] } })).status).toBe(200);
    const plain = await sellerLogin(seller.username, seller.password, seller.ip);
    expect(typeof plain.body.data.token).toBe('string');
  });

  it('throttles wrong codes like the other secrets: past the free failures even the right code waits', async () => {
    const seller = await enrolledSeller();
    const code = await freshCode(seller.userId, seller.secret);
    const other = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 1; i < TWO_FACTOR.FREE_FAILURES; i += 1) expect((await stepUp(seller.token, 'withdraw', other)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
    // The failure that reaches the limit makes the account wait.
    const refused = await stepUp(seller.token, 'withdraw', other);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('TOO_MANY_ATTEMPTS');
    expect((await stepUp(seller.token, 'withdraw', code)).status).toBe(429);
  });

  it('lets only the owner require it, and only with their own on; "me" then says so for every member', async () => {
    const seller = await enrolledSeller();
    const fresh = await createSeller(ctx.db);
    const freshToken = (await sellerLogin(fresh.username, fresh.password, nextIp())).body.data.token;
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/requirement', { token: freshToken, body: { required: true } })).body.error).toBe('TWO_FACTOR_NOT_ENROLLED');
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/requirement', { token: seller.token, body: { required: true } })).status).toBe(200);
    const me = (await call(ctx.app, 'GET', '/api/sellAuth/me', { token: seller.token })).body.data;
    expect(me.twoFactorRequired).toBe(true);
  });
});

describe('step-up before sensitive actions', () => {
  it('asks a fresh code before a withdrawal: none, a wrong one, another action\'s proof and a spent proof are refused, nothing moves', async () => {
    const seller = await enrolledSeller();
    await fundShop(ctx.app, seller.token, ctx.operatorToken, '500');
    const without = await requestWithdrawal(ctx.app, seller.token, 100);
    expect(without.status).toBe(403);
    expect(without.body.error).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(seller.token, 'withdraw', '000000' === (await freshCode(seller.userId, seller.secret)) ? '111111' : '000000')).body.error).toBe('TWO_FACTOR_CODE_WRONG');

    const forAddress = (await stepUp(seller.token, 'withdrawal_address', await freshCode(seller.userId, seller.secret))).body.data.proof;
    expect((await requestWithdrawal(ctx.app, seller.token, 100, { headers: { 'x-step-up': forAddress } })).body.error).toBe('STEP_UP_REQUIRED');

    const proof = (await stepUp(seller.token, 'withdraw', await freshCode(seller.userId, seller.secret))).body.data.proof;
    // A wrong fund password does not spend the proof.
    expect((await requestWithdrawal(ctx.app, seller.token, 100, { fundPassword: '999999', headers: { 'x-step-up': proof } })).body.error).toBe('FUND_PASSWORD_WRONG');
    const done = await requestWithdrawal(ctx.app, seller.token, 100, { headers: { 'x-step-up': proof } });
    expect(done.status).toBe(200);
    expect((await requestWithdrawal(ctx.app, seller.token, 100, { headers: { 'x-step-up': proof } })).body.error).toBe('STEP_UP_REQUIRED');
  });

  it('asks it before a fund-password change and before saving a withdrawal address', async () => {
    const seller = await enrolledSeller();
    const body = { fundPassword: encodePassword('123456'), newPwd: encodePassword('654321') };
    const refused = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token: seller.token, body });
    expect(refused.body.error).toBe('STEP_UP_REQUIRED');
    const proof = (await stepUp(seller.token, 'fund_password', await freshCode(seller.userId, seller.secret))).body.data.proof;
    expect((await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token: seller.token, body, headers: { 'x-step-up': proof } })).status).toBe(200);

    const saveBody = { network: 'ERC20', address: '0xabcdef0123456789abcdef0123456789abcdef01' };
    expect((await call(ctx.app, 'POST', '/api/wallet/addresses', { token: seller.token, body: saveBody })).body.error).toBe('STEP_UP_REQUIRED');
    const addressProof = (await stepUp(seller.token, 'withdrawal_address', await freshCode(seller.userId, seller.secret))).body.data.proof;
    expect((await call(ctx.app, 'POST', '/api/wallet/addresses', { token: seller.token, body: saveBody, headers: { 'x-step-up': addressProof } })).status).toBe(200);
  });
});

describe('step-up before a role change', () => {
  /** A member added by the owner through the API, with a default role. */
  async function addMember(ownerToken: string, role: 'operations' | 'finance' = 'operations') {
    const username = uniqueName('staff');
    const password = 'desk-lamp-93';
    const added = await call(ctx.app, 'POST', '/api/users/add', {
      token: ownerToken,
      body: { username, password: encodePassword(password), name: 'Staff Member', email: '', roleId: await defaultRoleId(ctx.db, role) },
    });
    expect(added.status).toBe(200);
    return { userId: added.body.data.userId as number, username, password };
  }

  it("asks the owner's code before giving a member another role; a name change alone does not; another action's proof is refused", async () => {
    const owner = await enrolledSeller();
    const member = await addMember(owner.token);
    const finance = await defaultRoleId(ctx.db, 'finance');
    const rename = await call(ctx.app, 'POST', '/api/users/update', { token: owner.token, body: { userId: member.userId, name: 'Renamed', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(rename.status).toBe(200);

    const body = { userId: member.userId, name: 'Renamed', email: '', roleId: finance };
    const refused = await call(ctx.app, 'POST', '/api/users/update', { token: owner.token, body, lang: 'ms-MY' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('STEP_UP_REQUIRED');
    expect(refused.body.msg).not.toMatch(/two-step|verification/i);
    const withdrawProof = (await stepUp(owner.token, 'withdraw', await freshCode(owner.userId, owner.secret))).body.data.proof;
    expect((await call(ctx.app, 'POST', '/api/users/update', { token: owner.token, body, headers: { 'x-step-up': withdrawProof } })).body.error).toBe('STEP_UP_REQUIRED');
    const [unchanged] = await ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, member.userId));
    expect(unchanged.roleId).not.toBe(finance);

    const proof = (await stepUp(owner.token, 'role_change', await freshCode(owner.userId, owner.secret))).body.data.proof;
    const done = await call(ctx.app, 'POST', '/api/users/update', { token: owner.token, body, headers: { 'x-step-up': proof } });
    expect(done.status).toBe(200);
    expect(done.body.data.roleKey).toBe('finance');
    // Spent: the same proof cannot change the role back.
    const back = await call(ctx.app, 'POST', '/api/users/update', { token: owner.token, body: { ...body, roleId: await defaultRoleId(ctx.db, 'operations') }, headers: { 'x-step-up': proof } });
    expect(back.body.error).toBe('STEP_UP_REQUIRED');
  });

  it("asks it before a shop role's permissions change, not for its new name; an owner without the second factor is not asked", async () => {
    const owner = await enrolledSeller();
    const created = await call(ctx.app, 'POST', '/api/users/roles/create', { token: owner.token, body: { name: 'Packer', permissions: { ...NO_PERMISSIONS, orders: 'edit' } } });
    expect(created.status).toBe(200);
    const roleId = created.body.data.roleId as number;
    const renamed = await call(ctx.app, 'POST', '/api/users/roles/update', { token: owner.token, body: { roleId, name: 'Packers', permissions: { ...NO_PERMISSIONS, orders: 'edit' } } });
    expect(renamed.status).toBe(200);
    const widened = { roleId, name: 'Packers', permissions: { ...NO_PERMISSIONS, orders: 'edit', wallet: 'edit' } };
    expect((await call(ctx.app, 'POST', '/api/users/roles/update', { token: owner.token, body: widened })).body.error).toBe('STEP_UP_REQUIRED');
    const proof = (await stepUp(owner.token, 'role_change', await freshCode(owner.userId, owner.secret))).body.data.proof;
    const done = await call(ctx.app, 'POST', '/api/users/roles/update', { token: owner.token, body: widened, headers: { 'x-step-up': proof } });
    expect(done.status).toBe(200);
    expect(done.body.data.permissions.wallet).toBe('edit');

    const plain = await createSeller(ctx.db);
    const plainToken = (await sellerLogin(plain.username, plain.password, nextIp())).body.data.token as string;
    const member = await addMember(plainToken);
    const changed = await call(ctx.app, 'POST', '/api/users/update', { token: plainToken, body: { userId: member.userId, name: 'Staff Member', email: '', roleId: await defaultRoleId(ctx.db, 'finance') } });
    expect(changed.status).toBe(200);
  });
});

describe("the shop's required second factor", () => {
  it('sends a member without it to enrol: every other call is refused in their language until they turn it on', async () => {
    const owner = await enrolledSeller();
    const username = uniqueName('staff');
    const password = 'desk-lamp-93';
    const added = await call(ctx.app, 'POST', '/api/users/add', {
      token: owner.token,
      body: { username, password: encodePassword(password), name: 'Staff Member', email: '', roleId: await defaultRoleId(ctx.db, 'operations') },
    });
    const memberId = added.body.data.userId as number;
    const ip = nextIp();
    const memberToken = (await sellerLogin(username, password, ip)).body.data.token as string;
    // Before the requirement the member works as usual (and the session is now cached).
    expect((await call(ctx.app, 'GET', '/api/product/list', { token: memberToken })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/requirement', { token: owner.token, body: { required: true } })).status).toBe(200);

    const refused = await call(ctx.app, 'GET', '/api/product/list', { token: memberToken, lang: 'ms-MY' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('TWO_FACTOR_REQUIRED');
    expect(refused.body.msg).toMatch(/pengesahan dua langkah/);
    // A new login is no way around it.
    const again = (await sellerLogin(username, password, ip)).body.data.token as string;
    expect((await call(ctx.app, 'GET', '/api/users/list', { token: again })).body.error).toBe('TWO_FACTOR_REQUIRED');
    // What the enrol screen needs answers.
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token: again });
    expect(me.body.data).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });
    expect((await call(ctx.app, 'GET', '/api/account/twoFactor', { token: again })).status).toBe(200);
    const enrolment = await call(ctx.app, 'POST', '/api/account/twoFactor/enrol', { token: again });
    expect(enrolment.status).toBe(200);
    const secret = enrolment.body.data.secret as string;
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/confirm', { token: again, body: { code: await totpNow(secret) } })).status).toBe(200);

    // Enrolled: both sessions work again at once.
    expect((await call(ctx.app, 'GET', '/api/product/list', { token: again })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/product/list', { token: memberToken })).status).toBe(200);
    // The owner stops requiring it: a member who turns theirs off is not held back.
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/requirement', { token: owner.token, body: { required: false } })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/account/twoFactor/disable', { token: again, body: { code: await freshCode(memberId, secret) } })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/product/list', { token: again })).status).toBe(200);
  });
});

describe('signed-in devices', () => {
  it('lists the devices with browser, system, address and this one; signs one out, then all others; a new device is notified and logged', async () => {
    const seller = await createSeller(ctx.db);
    const first = (await sellerLogin(seller.username, seller.password, '10.7.1.1', CHROME_WINDOWS)).body.data.token;
    const before = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    const phone = (await sellerLogin(seller.username, seller.password, '10.7.1.2', SAFARI_IPHONE)).body.data.token;
    const third = (await sellerLogin(seller.username, seller.password, '10.7.1.3', CHROME_WINDOWS)).body.data.token;
    const after = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    // Only the phone was new (the same browser and system again is not).
    expect(after.length - before.length).toBe(1);
    const activity = await ctx.db.execute(sql`select detail from activity_log where shop_id = ${seller.shopId} and action = 'new_device_sign_in'`);
    expect((activity as unknown as { rows: { detail: { browser: string; system: string } }[] }).rows.map((row) => row.detail)).toMatchObject([{ browser: 'Safari', system: 'iOS', ip: '10.7.1.2' }]);

    const list = await call(ctx.app, 'GET', '/api/account/sessions', { token: first });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    const mine = list.body.data.find((line: { current: boolean }) => line.current);
    expect(mine).toMatchObject({ browser: 'Chrome', system: 'Windows', ip: '10.7.1.1' });
    const phoneLine = list.body.data.find((line: { system: string }) => line.system === 'iOS');
    expect(phoneLine).toMatchObject({ browser: 'Safari', ip: '10.7.1.2', current: false });

    expect((await call(ctx.app, 'POST', `/api/account/sessions/${phoneLine.id}/revoke`, { token: first })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: phone })).status).toBe(401);
    // Another account's session is not found.
    const other = await createSeller(ctx.db);
    const otherToken = (await sellerLogin(other.username, other.password, '10.7.1.4')).body.data.token;
    expect((await call(ctx.app, 'POST', `/api/account/sessions/${mine.id}/revoke`, { token: otherToken })).status).toBe(404);

    const others = await call(ctx.app, 'POST', '/api/account/sessions/revokeOthers', { token: first });
    expect(others.body.data.revoked).toBe(1);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: third })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: first })).status).toBe(200);
  });
});

describe('withdrawal address book', () => {
  it('withdraws only to a saved address past its cool-down (clock moved); saving is notified; removing is instant', async () => {
    const seller = await createSeller(ctx.db, { savedAddress: false });
    const token = (await sellerLogin(seller.username, seller.password, nextIp())).body.data.token;
    await fundShop(ctx.app, token, ctx.operatorToken, '500');
    const target = 'TNewAddressForTheCoolDown00000001';
    const unsaved = await requestWithdrawal(ctx.app, token, 100, { body: { address: target } });
    expect(unsaved.status).toBe(422);
    expect(unsaved.body.error).toBe('WITHDRAW_ADDRESS_NOT_SAVED');

    const saved = await call(ctx.app, 'POST', '/api/wallet/addresses', { token, body: { network: 'TRC20', address: target, label: 'Cold' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.usable).toBe(false);
    expect(new Date(saved.body.data.usableAt).getTime() - new Date(saved.body.data.createdAt).getTime()).toBe(24 * 3600_000);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    expect(notes.some((note) => note.content === 16)).toBe(true);
    expect((await call(ctx.app, 'POST', '/api/wallet/addresses', { token, body: { network: 'TRC20', address: target } })).body.error).toBe('WITHDRAW_ADDRESS_EXISTS');

    const cooling = await requestWithdrawal(ctx.app, token, 100, { body: { address: target }, lang: 'en-US' });
    expect(cooling.body.error).toBe('WITHDRAW_ADDRESS_COOLING');
    expect(cooling.body.msg).toContain('24 hours');

    // 23 hours later: still cooling; 24 hours and a minute later: usable.
    await ctx.db.execute(sql`update withdrawal_addresses set created_at = now() - interval '23 hours' where id = ${saved.body.data.id}`);
    expect((await requestWithdrawal(ctx.app, token, 100, { body: { address: target } })).body.error).toBe('WITHDRAW_ADDRESS_COOLING');
    await ctx.db.execute(sql`update withdrawal_addresses set created_at = now() - interval '24 hours 1 minute' where id = ${saved.body.data.id}`);
    expect((await call(ctx.app, 'GET', '/api/wallet/addresses', { token })).body.data[0].usable).toBe(true);
    expect((await requestWithdrawal(ctx.app, token, 100, { body: { address: target } })).status).toBe(200);

    expect((await call(ctx.app, 'POST', `/api/wallet/addresses/${saved.body.data.id}/remove`, { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/wallet/addresses', { token })).body.data).toHaveLength(0);
    expect((await requestWithdrawal(ctx.app, token, 100, { body: { address: target } })).body.error).toBe('WITHDRAW_ADDRESS_NOT_SAVED');
  });

  it('refuses an address with blanks inside and another shop\'s address id', async () => {
    const seller = await createSeller(ctx.db);
    const token = (await sellerLogin(seller.username, seller.password, nextIp())).body.data.token;
    expect((await call(ctx.app, 'POST', '/api/wallet/addresses', { token, body: { network: 'TRC20', address: 'TX abc def 0000000000000' } })).status).toBe(400);
    const other = await createSeller(ctx.db);
    const otherToken = (await sellerLogin(other.username, other.password, nextIp())).body.data.token;
    const [line] = (await call(ctx.app, 'GET', '/api/wallet/addresses', { token: otherToken })).body.data;
    expect((await call(ctx.app, 'POST', `/api/wallet/addresses/${line.id}/remove`, { token })).status).toBe(404);
  });
});
