import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import type { OpsRole } from '@shopdesk/shared/ops/operators';
import { operatorAudit, orders, shopProducts, twoFactors, warehouseProducts } from '../../src/db/schema.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { call, callMultipart, createOperator, createSeller, loginToken, pngBytes, requestWithdrawal, useWalletTestApp } from '../helper.ts';
import { BUYER_PASSWORD, fundShopDirect, newBuyer, placeOrder } from '../orders/fixtures.ts';

const ctx = useWalletTestApp();

async function tokenOf(opsRole: OpsRole) {
  const op = await createOperator(ctx.db, undefined, undefined, opsRole);
  return { ...op, token: (await createSession(ctx.db, op.userId, 3_600_000, false)).token };
}

const product = { name: 'Jasmine Green Tea 100 g', description: 'Loose leaf from Thai Nguyen', category: 'food', purchasePriceCents: 450, stock: 300 };

async function warehouseCount() {
  const [row] = await ctx.db.select({ n: count() }).from(warehouseProducts);
  return row!.n;
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('products');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('warehouse products in the console', () => {
  it('creates a product (audited), refuses bad input with localized messages and writes nothing', async () => {
    const op = await tokenOf('catalog');
    const before = await warehouseCount();
    const bad = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, lang: 'vi-VN', body: { ...product, name: ' ', category: 'toys', purchasePriceCents: 0, stock: -1 } });
    expect(bad.status).toBe(400);
    const messages = bad.body.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringContaining('Tên phải'), expect.stringContaining('Chọn danh mục'), expect.stringContaining('Giá nhà cung cấp'), expect.stringContaining('Tồn kho')]),
    );
    expect(await warehouseCount()).toBe(before);

    const created = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, body: product });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...product, active: true, suggestedPriceMinCents: 495, suggestedPriceMaxCents: 585, cover: `/api/catalog/covers/${created.body.data.id}.svg` });
    const [audit] = await ctx.db.select().from(operatorAudit).where(and(eq(operatorAudit.targetType, 'warehouse_product'), eq(operatorAudit.targetId, created.body.data.id)));
    expect(audit).toMatchObject({ operatorUserId: op.userId, action: 'warehouse.create', before: null, after: { name: product.name, purchasePriceCents: 450 } });
    const found = await call(ctx.app, 'GET', '/api/ops/warehouse', { token: op.token, query: { q: 'jasmine green', category: 'food' } });
    expect(found.body.data.list.map((p: { id: number }) => p.id)).toContain(created.body.data.id);
  });

  it('a price change reaches the shops selling it for later orders, never an order already placed', async () => {
    const op = await tokenOf('catalog');
    const { body } = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, body: { ...product, name: 'Arabica Beans 500 g', purchasePriceCents: 1000 } });
    const id = body.data.id as number;
    const seller = await createSeller(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    const added = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: sellerToken, body: { warehouseProductIds: [id], profitRatio: 20 } });
    const shopProductId = added.body.data.results[0].productId as number;
    const buyer = await newBuyer(ctx);
    const orderNo = await placeOrder(ctx, buyer.token, seller.shopId, shopProductId);

    const edited = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, body: { purchasePriceCents: 1500, name: 'Arabica Beans 500 g (new crop)' } });
    expect(edited.body.data).toMatchObject({ purchasePriceCents: 1500, name: 'Arabica Beans 500 g (new crop)', shopsSelling: 1 });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ unitPriceCents: 1200, purchaseAmountCents: 1000, productName: 'Arabica Beans 500 g' });
    const [shopProduct] = await ctx.db.select().from(shopProducts).where(eq(shopProducts.id, shopProductId));
    expect(shopProduct).toMatchObject({ purchasePriceCents: 1500, name: 'Arabica Beans 500 g (new crop)' });
    const later = await placeOrder(ctx, buyer.token, seller.shopId, shopProductId);
    const [laterOrder] = await ctx.db.select().from(orders).where(eq(orders.orderNo, later));
    expect(laterOrder).toMatchObject({ unitPriceCents: 1800, purchaseAmountCents: 1500 });
    const actions = await ctx.db.select({ action: operatorAudit.action, before: operatorAudit.before }).from(operatorAudit).where(and(eq(operatorAudit.targetType, 'warehouse_product'), eq(operatorAudit.targetId, id)));
    expect(actions.map((a) => a.action)).toEqual(['warehouse.create', 'warehouse.update']);
    expect(actions[1]!.before).toMatchObject({ purchasePriceCents: 1000 });
  });

  it('a retired product is no longer offered to sellers', async () => {
    const op = await tokenOf('catalog');
    const { body } = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, body: { ...product, name: 'Retired Rooibos Tea' } });
    const id = body.data.id as number;
    expect((await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, body: { active: false } })).body.data.active).toBe(false);
    const seller = await createSeller(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    const search = await call(ctx.app, 'GET', '/api/product/warehouse', { token: sellerToken, query: { name: 'Retired Rooibos' } });
    expect(search.body.data.list).toEqual([]);
    const added = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: sellerToken, body: { warehouseProductIds: [id], profitRatio: 20 } });
    expect(added.body.data.results[0].result).toBe('not_found');
  });

  it('takes a photo checked by its bytes, drawn again and fitted to 800 px, and serves it; refuses other files and changes nothing', async () => {
    const op = await tokenOf('catalog');
    const { body } = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, body: { ...product, name: 'Yoga Mat Pro', category: 'sports' } });
    const id = body.data.id as number;
    const url = `/api/ops/warehouse/${id}/photo`;
    const svg = await callMultipart(ctx.app, url, [{ name: 'photo', filename: 'mat.png', contentType: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }], { token: op.token, lang: 'en-US' });
    expect(svg.body).toMatchObject({ error: 'PHOTO_INVALID_TYPE', msg: 'Only PNG, JPEG, WebP or GIF pictures are accepted' });
    const big = await callMultipart(ctx.app, url, [{ name: 'photo', filename: 'mat.png', contentType: 'image/png', data: pngBytes(2 * 1024 * 1024 + 10) }], { token: op.token });
    expect(big.body.error).toBe('PHOTO_TOO_LARGE');
    const fake = await callMultipart(ctx.app, url, [{ name: 'photo', filename: 'mat.png', data: Buffer.concat([pngBytes().subarray(0, 16), Buffer.from('<script>alert(1)</script>')]) }], { token: op.token });
    expect(fake.body.error).toBe('PHOTO_INVALID_TYPE');
    expect((await call(ctx.app, 'GET', `/api/ops/warehouse/${id}`, { token: op.token })).body.data.cover).toBe(`/api/catalog/covers/${id}.svg`);

    const stored = await callMultipart(ctx.app, url, [{ name: 'photo', filename: 'mat.png', data: Buffer.concat([pngBytes(), Buffer.from('<script>alert(1)</script>')]) }], { token: op.token });
    expect(stored.status).toBe(200);
    expect(stored.body.data.cover).toMatch(/^\/api\/catalog\/photos\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: stored.body.data.cover });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.toString('latin1')).not.toContain('<script');
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'png', width: 1, height: 1 });

    // A large photo is kept at the product page's size.
    const large = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    const fitted = await callMultipart(ctx.app, url, [{ name: 'photo', filename: 'big.jpg', data: large }], { token: op.token });
    const resized = await ctx.app.inject({ method: 'GET', url: fitted.body.data.cover });
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('imports a sheet: the dry run reports every row and writes nothing; the import creates only the valid rows', async () => {
    const op = await tokenOf('catalog');
    const file = await sheet([
      ['Name', 'Description', 'Category', 'Purchase price', 'Stock', 'Active'],
      ['Imported Travel Guide Japan', 'Maps and phrases', 'books', 12.5, 40, 'yes'],
      ['', 'no name', 'books', '3', 1, ''],
      ['Imported Football Size 5', '', 'sport', '8', 10, ''],
      ['Imported Honey Jar 250 g', '', 'food', '-2', 'many', ''],
      ['Imported Jump Rope', 'Steel cable', 'sports', '4.20', '', 'no'],
    ]);
    const before = await warehouseCount();
    const dry = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=true', [{ name: 'file', filename: 'p.xlsx', data: file }], { token: op.token, lang: 'en-US' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 5, valid: 2, created: 0 });
    const byRow = Object.fromEntries(dry.body.data.rows.map((r: { row: number; errors: { field: string; message: string }[] }) => [r.row, r.errors.map((e) => e.field).sort()]));
    expect(byRow).toEqual({ 2: [], 3: ['name'], 4: ['category'], 5: ['purchasePrice', 'stock'], 6: [] });
    expect(dry.body.data.rows[2].errors[0].message).toContain('Choose a category');
    expect(await warehouseCount()).toBe(before);

    const real = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=false', [{ name: 'file', filename: 'p.xlsx', data: file }], { token: op.token });
    expect(real.body.data).toMatchObject({ dryRun: false, total: 5, valid: 2, created: 2 });
    expect(await warehouseCount()).toBe(before + 2);
    const guide = await ctx.db.select().from(warehouseProducts).where(eq(warehouseProducts.name, 'Imported Travel Guide Japan'));
    expect(guide[0]).toMatchObject({ category: 'books', purchasePriceCents: 1250, stock: 40, active: true });
    const rope = await ctx.db.select().from(warehouseProducts).where(eq(warehouseProducts.name, 'Imported Jump Rope'));
    expect(rope[0]).toMatchObject({ purchasePriceCents: 420, stock: 0, active: false });
    expect(await ctx.db.select().from(warehouseProducts).where(eq(warehouseProducts.name, 'Imported Football Size 5'))).toEqual([]);

    const notSheet = await callMultipart(ctx.app, '/api/ops/warehouse/import', [{ name: 'file', filename: 'p.xlsx', data: Buffer.from('name,category\nx,books\n') }], { token: op.token, lang: 'vi-VN' });
    expect(notSheet.body.error).toBe('IMPORT_FILE_INVALID');
    expect(notSheet.body.msg).toContain('XLSX');
  });

  it('imports a CSV sheet the same way (quoted cells, a BOM); bytes that are not text are not a sheet', async () => {
    const op = await tokenOf('catalog');
    const csv = Buffer.from('\uFEFFname,category,purchasePrice,stock\r\n"Imported Rice Crackers, 12 pack",food,3.10,30\r\nImported Bad Row,toys,1,2\r\n"Imported ""Kopi"" Beans",food,,5\r\n');
    const before = await warehouseCount();
    const dry = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=true', [{ name: 'file', filename: 'p.csv', data: csv }], { token: op.token, lang: 'en-US' });
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 3, valid: 1, created: 0 });
    expect(dry.body.data.rows.map((r: { row: number; name: string; errors: { field: string }[] }) => [r.row, r.name, r.errors.map((e) => e.field)])).toEqual([
      [2, 'Imported Rice Crackers, 12 pack', []],
      [3, 'Imported Bad Row', ['category']],
      [4, 'Imported "Kopi" Beans', ['purchasePrice']],
    ]);
    expect(await warehouseCount()).toBe(before);
    const real = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=false', [{ name: 'file', filename: 'p.csv', data: csv }], { token: op.token });
    expect(real.body.data).toMatchObject({ created: 1 });
    expect(await warehouseCount()).toBe(before + 1);
    const png = await callMultipart(ctx.app, '/api/ops/warehouse/import', [{ name: 'file', filename: 'p.csv', data: pngBytes() }], { token: op.token, lang: 'th-TH' });
    expect(png.body.error).toBe('IMPORT_FILE_INVALID');
    expect(png.body.msg).toContain('CSV');
  });
});

describe('shops, buyers and appeals', () => {
  it('lists and finds shops with balances and counts; a frozen shop appeals and the answer unfreezes it, all audited', async () => {
    const support = await tokenOf('support');
    const seller = await createSeller(ctx.db, { shop: { name: 'Appeal Corner Books' } });
    await fundShopDirect(ctx.db, seller.shopId, 12_345);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);

    const list = await call(ctx.app, 'GET', '/api/ops/shops', { token: support.token, query: { q: 'appeal corner' } });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ id: seller.shopId, ownerUsername: seller.username, availableCents: 12_345, frozen: false, ordersCount: 0 });

    const notFrozen = await call(ctx.app, 'POST', '/api/shop/appeal', { token: sellerToken, body: { text: 'Please check' } });
    expect(notFrozen.body.error).toBe('APPEAL_NOT_FROZEN');

    await call(ctx.app, 'POST', `/api/ops/shops/${seller.shopId}/freeze`, { token: support.token, body: { reason: 'Unusual refunds' } });
    const state = await call(ctx.app, 'GET', '/api/shop/appeal', { token: sellerToken });
    expect(state.body.data).toEqual({ frozen: true, frozenReason: 'Unusual refunds', appeal: null });
    const empty = await call(ctx.app, 'POST', '/api/shop/appeal', { token: sellerToken, lang: 'th-TH', body: { text: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('คำอุทธรณ์');
    const appealed = await call(ctx.app, 'POST', '/api/shop/appeal', { token: sellerToken, body: { text: 'The refunds were a courier mix-up; tracking attached.' } });
    expect(appealed.body.data.appeal).toMatchObject({ status: 'open', text: 'The refunds were a courier mix-up; tracking attached.' });
    expect((await call(ctx.app, 'POST', '/api/shop/appeal', { token: sellerToken, body: { text: 'again' } })).body.error).toBe('APPEAL_ALREADY_OPEN');

    const open = await call(ctx.app, 'GET', '/api/ops/appeals', { token: support.token });
    const appeal = open.body.data.find((a: { shopId: number }) => a.shopId === seller.shopId);
    expect(appeal).toMatchObject({ shopName: 'Appeal Corner Books', status: 'open' });
    const answered = await call(ctx.app, 'POST', `/api/ops/appeals/${appeal.id}/answer`, { token: support.token, body: { answer: 'Checked with the courier, unfrozen.', unfreeze: true } });
    expect(answered.body.data).toMatchObject({ status: 'answered', answer: 'Checked with the courier, unfrozen.' });
    expect((await call(ctx.app, 'POST', `/api/ops/appeals/${appeal.id}/answer`, { token: support.token, body: { answer: 'again' } })).body.error).toBe('ALREADY_DECIDED');

    const detail = await call(ctx.app, 'GET', `/api/ops/shops/${seller.shopId}`, { token: support.token });
    expect(detail.body.data).toMatchObject({ frozen: false, openAppeal: false, availableCents: 12_345 });
    expect(detail.body.data.appeals[0]).toMatchObject({ status: 'answered', answeredByName: support.username });
    const actions = await ctx.db.select({ action: operatorAudit.action }).from(operatorAudit).where(and(eq(operatorAudit.targetType, 'shop'), eq(operatorAudit.targetId, seller.shopId)));
    expect(actions.map((a) => a.action)).toEqual(['shop.freeze', 'appeal.answer', 'shop.unfreeze']);
  });

  it('lists buyers by name with their wallet', async () => {
    const support = await tokenOf('support');
    const buyer = await newBuyer(ctx, 7_700);
    const list = await call(ctx.app, 'GET', '/api/ops/buyers', { token: support.token, query: { q: buyer.username } });
    expect(list.body, JSON.stringify(list.body)).toMatchObject({ code: 0 });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: buyer.buyerId, username: buyer.username, walletCents: 7_700, ordersCount: 0, frozen: false, frozenReason: '' })]);
  });

  it('freezes a buyer with a reason: their session stops, the login says why in their language; unfrozen, they log in again; all audited', async () => {
    const support = await tokenOf('support');
    const finance = await tokenOf('finance');
    const buyer = await newBuyer(ctx, 0);
    const login = (lang = 'en-US') => call(ctx.app, 'POST', '/api/buyer/login', { lang, body: { username: buyer.username, password: encodePassword(BUYER_PASSWORD) } });
    const freeze = (token: string, body: unknown, lang = 'en-US') => call(ctx.app, 'POST', `/api/ops/buyers/${buyer.buyerId}/freeze`, { token, body, lang });

    // A reason is required (the buyer reads it); finance may only read buyers.
    const noReason = await freeze(support.token, { reason: '  ' }, 'vi-VN');
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].message).toMatch(/người mua/);
    expect((await freeze(finance.token, { reason: 'Chargebacks' })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/buyer/me', { headers: { buyertoken: buyer.token } })).status).toBe(200);

    const frozen = await freeze(support.token, { reason: 'Repeated chargebacks' });
    expect(frozen.body.data).toMatchObject({ id: buyer.buyerId, frozen: true, frozenReason: 'Repeated chargebacks' });
    expect((await call(ctx.app, 'GET', '/api/buyer/me', { headers: { buyertoken: buyer.token } })).status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'BUYER_FROZEN' });
    expect(refused.body.msg).toContain('Repeated chargebacks');
    expect((await login('th-TH')).body.msg).not.toBe(refused.body.msg);
    // A wrong password learns nothing of the freeze.
    expect((await call(ctx.app, 'POST', '/api/buyer/login', { body: { username: buyer.username, password: encodePassword('wrong-pass-1') } })).body.error).toBe('INVALID_CREDENTIALS');

    const unfrozen = await call(ctx.app, 'POST', `/api/ops/buyers/${buyer.buyerId}/unfreeze`, { token: support.token, body: {} });
    expect(unfrozen.body.data).toMatchObject({ frozen: false, frozenReason: '' });
    expect((await login()).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/ops/buyers/999999999/unfreeze', { token: support.token, body: {} })).status).toBe(404);

    const audit = await ctx.db.select().from(operatorAudit).where(and(eq(operatorAudit.targetType, 'buyer'), eq(operatorAudit.targetId, buyer.buyerId)));
    expect(audit.map((a) => [a.action, a.operatorUserId, a.after])).toEqual([
      ['buyer.freeze', support.userId, { frozen: true, frozenReason: 'Repeated chargebacks' }],
      ['buyer.unfreeze', support.userId, { frozen: false, frozenReason: '' }],
    ]);
  });
});

describe('marketplace settings', () => {
  it('a super admin changes them (audited) and sellers get them at once; others may only read; bad values change nothing', async () => {
    const admin = await tokenOf('super_admin');
    const finance = await tokenOf('finance');
    const current = await call(ctx.app, 'GET', '/api/ops/settings', { token: finance.token });
    const settings = current.body.data.settings;
    const next = { ...settings, depositAddresses: { TRC20: 'TNewPlatformAddressFromTheConsole123' }, withdrawMinCents: 8_000, withdrawFeeBp: 150 };
    expect((await call(ctx.app, 'POST', '/api/ops/settings', { token: finance.token, body: next })).status).toBe(403);

    const bad = await call(ctx.app, 'POST', '/api/ops/settings', { token: admin.token, lang: 'en-US', body: { ...next, withdrawMinCents: settings.withdrawMaxCents + 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('minimum not above the maximum');
    expect((await call(ctx.app, 'GET', '/api/ops/settings', { token: admin.token })).body.data.stored).toEqual([]);

    const saved = await call(ctx.app, 'POST', '/api/ops/settings', { token: admin.token, body: next });
    expect(saved.body.data.settings).toMatchObject({ withdrawMinCents: 8_000, withdrawFeeBp: 150, depositAddresses: { TRC20: 'TNewPlatformAddressFromTheConsole123', ERC20: settings.depositAddresses.ERC20 } });
    expect(saved.body.data.stored).toEqual(['depositAddresses', 'withdrawFeeBp', 'withdrawMinCents']);
    const [audit] = await ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'settings.update'));
    expect(audit).toMatchObject({ operatorUserId: admin.userId, before: { withdrawMinCents: settings.withdrawMinCents }, after: { withdrawMinCents: 8_000, withdrawFeeBp: 150 } });

    const seller = await createSeller(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    const addresses = await call(ctx.app, 'GET', '/api/wallet/depositAddresses', { token: sellerToken });
    expect(addresses.body.data).toContainEqual({ currency: 'USDT', network: 'TRC20', address: 'TNewPlatformAddressFromTheConsole123' });
    const summary = await call(ctx.app, 'GET', '/api/wallet/summary', { token: sellerToken });
    expect(summary.body.data.withdrawPolicy).toEqual({ minCents: 8_000, maxCents: settings.withdrawMaxCents, feeBp: 150 });
    await fundShopDirect(ctx.db, seller.shopId, 100_000);
    const below = await requestWithdrawal(ctx.app, sellerToken, '60');
    expect(below.body.error).toBe('AMOUNT_BELOW_MIN');
  });
});

describe('money overview and operators', () => {
  it('answers the platform accounts and today from the ledger; reconcile holds', async () => {
    const finance = await tokenOf('finance');
    const seller = await createSeller(ctx.db);
    const before = (await call(ctx.app, 'GET', '/api/ops/money/overview', { token: finance.token })).body.data;
    await fundShopDirect(ctx.db, seller.shopId, 50_000);
    const after = (await call(ctx.app, 'GET', '/api/ops/money/overview', { token: finance.token })).body.data;
    expect(after.shopsAvailableCents - before.shopsAvailableCents).toBe(50_000);
    const clearing = (o: { platformAccounts: { code: string; balanceCents: number }[] }) => o.platformAccounts.find((a) => a.code === 'platform:deposits_clearing')?.balanceCents ?? 0;
    expect(clearing(after) - clearing(before)).toBe(-50_000);
    expect(after.today.depositsCents).toBeGreaterThanOrEqual(50_000);
    const catalogRole = await tokenOf('catalog');
    expect((await call(ctx.app, 'GET', '/api/ops/money/overview', { token: catalogRole.token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/ops/reconcile', { token: finance.token })).body.data.ok).toBe(true);
  });

  it("a super admin resets another operator's second factor: their sessions end, audited; not their own", async () => {
    const admin = await tokenOf('super_admin');
    const support = await tokenOf('support');
    await ctx.db.insert(twoFactors).values({ userId: support.userId, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
    // The list says who has enrolled: the console offers the reset only to them.
    const listed = async () => ((await call(ctx.app, 'GET', '/api/ops/operators', { token: admin.token })).body.data as { id: number; twoFactor: boolean }[]).find((o) => o.id === support.userId);
    expect(await listed()).toMatchObject({ twoFactor: true });
    const reset = await call(ctx.app, 'POST', `/api/ops/operators/${support.userId}/resetTwoFactor`, { token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ id: support.userId, twoFactor: false });
    expect(await listed()).toMatchObject({ twoFactor: false });
    expect(await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, support.userId))).toEqual([]);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: support.token })).status).toBe(401);
    const [audit] = await ctx.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'operator.resetTwoFactor'), eq(operatorAudit.targetId, support.userId)));
    expect(audit).toMatchObject({ operatorUserId: admin.userId, before: { twoFactor: true }, after: { twoFactor: false } });
    expect((await call(ctx.app, 'POST', `/api/ops/operators/${admin.userId}/resetTwoFactor`, { token: admin.token })).status).toBe(403);
  });
});
