/**
 * What one shop can put on the disk: a few deposit requests pending at once, a few uploads per user
 * and per shop in a window, and no file left behind by a request that was refused or failed after
 * its file was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WALLET } from '@shopdesk/shared/constants';
import { deposits } from '../../src/db/schema.ts';
import {
  call,
  callMultipart,
  createOperator,
  createSeller,
  createWalletTestApp,
  encodePassword,
  loginToken,
  opsLoginToken,
  pngBytes,
  requestDeposit,
  storedScreenshots,
  uniqueName,
  type WalletTestContext,
} from '../helper.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';

const count = (answers: { status: number; body: { error?: string } }[], status: number, error?: string) =>
  answers.filter((a) => a.status === status && (error === undefined || a.body.error === error)).length;

async function newSeller(ctx: WalletTestContext) {
  const seller = await createSeller(ctx.db);
  return { ...seller, token: await loginToken(ctx.app, seller.username, seller.password) };
}

/** The shop's deposit rows' file names, sorted (what the folder must hold for this shop). */
async function filesOfShop(ctx: WalletTestContext, shopId: number): Promise<string[]> {
  const rows = await ctx.db.select({ file: deposits.screenshotFile }).from(deposits).where(eq(deposits.shopId, shopId));
  return rows.map((r) => r.file).sort();
}

describe('pending deposits per shop (default allowance)', () => {
  let ctx: WalletTestContext;
  let operatorToken: string;
  beforeAll(async () => {
    ctx = await createWalletTestApp();
    const op = await createOperator(ctx.db);
    operatorToken = await opsLoginToken(ctx.app, op.username, op.password);
  });
  afterAll(() => ctx.close());

  it(`keeps ${WALLET.PENDING_DEPOSITS_MAX} of 40 parallel 5 MB screenshot deposits, refuses the rest with a localized 429 and stores only theirs`, async () => {
    const seller = await newSeller(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir);
    const big = pngBytes(5 * 1024 * 1024);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => requestDeposit(ctx.app, seller.token, String(20 + i), { file: big, lang: i % 2 ? 'vi-VN' : 'en-US' })));
    expect(count(answers, 200), JSON.stringify(answers.map((a) => a.status))).toBe(WALLET.PENDING_DEPOSITS_MAX);
    expect(count(answers, 429, 'DEPOSITS_PENDING_LIMIT')).toBe(40 - WALLET.PENDING_DEPOSITS_MAX);
    const en = answers.find((a, i) => i % 2 === 0 && a.status === 429)!;
    const vi = answers.find((a, i) => i % 2 === 1 && a.status === 429)!;
    expect(en.body.msg).toContain(String(WALLET.PENDING_DEPOSITS_MAX));
    expect(vi.body.msg).toContain(String(WALLET.PENDING_DEPOSITS_MAX));
    expect(vi.body.msg).not.toBe(en.body.msg);

    const rows = await filesOfShop(ctx, seller.shopId);
    expect(rows).toHaveLength(WALLET.PENDING_DEPOSITS_MAX);
    const added = storedScreenshots(ctx.uploadsDir).filter((f) => !filesBefore.includes(f));
    expect(added.sort()).toEqual(rows);
  });

  it('takes a new request once the operator decided one, and counts only this shop', async () => {
    const seller = await newSeller(ctx);
    const other = await newSeller(ctx);
    const ids: number[] = [];
    for (let i = 0; i < WALLET.PENDING_DEPOSITS_MAX; i++) ids.push((await requestDeposit(ctx.app, seller.token, '10')).body.data.id);
    expect((await requestDeposit(ctx.app, seller.token, '10')).body.error).toBe('DEPOSITS_PENDING_LIMIT');
    expect((await requestDeposit(ctx.app, other.token, '10')).status).toBe(200);

    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${ids[0]}/reject`, { token: operatorToken, body: { reason: 'unreadable' } })).status).toBe(200);
    expect((await requestDeposit(ctx.app, seller.token, '10')).status).toBe(200);
    expect((await requestDeposit(ctx.app, seller.token, '10')).body.error).toBe('DEPOSITS_PENDING_LIMIT');
    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${ids[1]}/approve`, { token: operatorToken, body: {} })).status).toBe(200);
    expect((await requestDeposit(ctx.app, seller.token, '10')).status).toBe(200);
  });
});

describe('upload rate per user and per shop', () => {
  let ctx: WalletTestContext;
  beforeAll(async () => {
    ctx = await createWalletTestApp({ pendingDepositsPerShop: 1000, uploadLimits: { perUser: 10, perShop: 15, windowMs: 60_000 } });
  });
  afterAll(() => ctx.close());

  it('lets 10 of 40 quick screenshots of one user through, answers the rest 429 with Retry-After, and stores only the 10', async () => {
    const seller = await newSeller(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir).length;
    const answers = await Promise.all(Array.from({ length: 40 }, () => requestDeposit(ctx.app, seller.token, '20', { file: pngBytes(1024 * 1024) })));
    expect(count(answers, 200), JSON.stringify(answers.map((a) => a.status))).toBe(10);
    expect(count(answers, 429, 'RATE_LIMITED')).toBe(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(filesBefore + 10);
    expect(await filesOfShop(ctx, seller.shopId)).toHaveLength(10);
    // Other requests of the same user are not uploads and still pass.
    expect((await call(ctx.app, 'GET', '/api/wallet/summary', { token: seller.token })).status).toBe(200);
  });

  it('counts the uploads of every user of a shop together, and logos too', async () => {
    const owner = await newSeller(ctx);
    const username = uniqueName('staff');
    const added = await call(ctx.app, 'POST', '/api/users/add', {
      token: owner.token,
      body: { username, password: encodePassword('desk-lamp-93'), name: 'Staff', email: '', roleId: await defaultRoleId(ctx.db, 'finance') },
    });
    expect(added.status).toBe(200);
    const staffToken = await loginToken(ctx.app, username, 'desk-lamp-93');

    const first = await Promise.all(Array.from({ length: 10 }, () => requestDeposit(ctx.app, owner.token, '20')));
    expect(count(first, 200)).toBe(10);
    const second = await Promise.all(Array.from({ length: 10 }, () => requestDeposit(ctx.app, staffToken, '20')));
    expect(count(second, 200)).toBe(5);
    expect(count(second, 429, 'RATE_LIMITED')).toBe(5);
    expect(await filesOfShop(ctx, owner.shopId)).toHaveLength(15);
    const logo = await callMultipart(ctx.app, '/api/shop/logo', [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: pngBytes() }], { token: owner.token });
    expect(logo.status).toBe(429);
    expect(logo.body.error).toBe('RATE_LIMITED');
    // Another shop's users are not held back by this one.
    const other = await newSeller(ctx);
    expect((await callMultipart(ctx.app, '/api/shop/logo', [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: pngBytes() }], { token: other.token })).status).toBe(200);
  });
});

describe('no file outlives a failed request', () => {
  let ctx: WalletTestContext;
  beforeAll(async () => {
    ctx = await createWalletTestApp();
    // A real database failure after the file was written: the insert of this one amount fails.
    await ctx.db.execute(sql`
      create function refuse_test_deposit() returns trigger language plpgsql as $$
      begin
        if new.amount_cents = 6666 then raise exception 'deposit refused by the test'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger refuse_test_deposit before insert on deposits for each row execute function refuse_test_deposit()`);
    // And one after the deposit was written: its Idempotency-Key's answer cannot be kept.
    await ctx.db.execute(sql`
      create function refuse_test_key() returns trigger language plpgsql as $$
      begin
        if new.scope like '%:lost-answer-%' and new.state = 'done' then raise exception 'answer not kept'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger refuse_test_key before update on idempotency_keys for each row execute function refuse_test_key()`);
  });
  afterAll(() => ctx.close());

  it('removes the screenshot when the deposit cannot be written, with or without an Idempotency-Key', async () => {
    const seller = await newSeller(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir).sort();
    const plain = await requestDeposit(ctx.app, seller.token, '66.66');
    expect(plain.status).toBe(500);
    const keyed = await requestDeposit(ctx.app, seller.token, '66.66', { headers: { 'idempotency-key': 'dep-fails-1' } });
    expect(keyed.status).toBe(500);
    expect(await filesOfShop(ctx, seller.shopId)).toEqual([]);
    expect(storedScreenshots(ctx.uploadsDir).sort()).toEqual(filesBefore);
  });

  it('removes the screenshot when the request fails after the deposit was written', async () => {
    const seller = await newSeller(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir).sort();
    const lost = await requestDeposit(ctx.app, seller.token, '30', { headers: { 'idempotency-key': 'lost-answer-1' } });
    expect(lost.status).toBe(500);
    expect(await filesOfShop(ctx, seller.shopId)).toEqual([]);
    expect(storedScreenshots(ctx.uploadsDir).sort()).toEqual(filesBefore);

    // A request that succeeds keeps its file, and the file is the one its row names.
    const kept = await requestDeposit(ctx.app, seller.token, '30');
    expect(kept.status).toBe(200);
    const rows = await filesOfShop(ctx, seller.shopId);
    expect(rows).toHaveLength(1);
    expect(storedScreenshots(ctx.uploadsDir).sort()).toEqual([...filesBefore, ...rows].sort());
  });

  it('removes the screenshot of a deposit refused after the upload (the pending allowance reached meanwhile)', async () => {
    const seller = await newSeller(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir);
    const answers = await Promise.all(Array.from({ length: 12 }, () => requestDeposit(ctx.app, seller.token, '25')));
    expect(count(answers, 200)).toBe(WALLET.PENDING_DEPOSITS_MAX);
    const added = storedScreenshots(ctx.uploadsDir).filter((f) => !filesBefore.includes(f));
    expect(added.sort()).toEqual(await filesOfShop(ctx, seller.shopId));
  });
});
