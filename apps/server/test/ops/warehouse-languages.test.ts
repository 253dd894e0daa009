import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { operatorAudit, orders, warehouseProducts, warehouseProductTexts } from '../../src/db/schema.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { call, callMultipart, createOperator, createSeller, loginToken, pngBytes, useWalletTestApp } from '../helper.ts';
import { newBuyer, placeOrder } from '../orders/fixtures.ts';

const ctx = useWalletTestApp();

async function catalogToken() {
  const op = await createOperator(ctx.db, undefined, undefined, 'catalog');
  return { ...op, token: (await createSession(ctx.db, op.userId, 3_600_000, false)).token };
}

async function counts() {
  const [products] = await ctx.db.select({ n: count() }).from(warehouseProducts);
  const [texts] = await ctx.db.select({ n: count() }).from(warehouseProductTexts);
  return { products: products!.n, texts: texts!.n };
}

const unique = () => Math.random().toString(36).slice(2, 8);

/** A warehouse product with a Thai name and description, in one seller's shop. */
async function productInShop(token: string) {
  const tag = unique();
  const english = { name: `Mango Sticky Rice Kit ${tag}`, description: 'Rice, coconut cream and a recipe' };
  const thai = { name: `ชุดข้าวเหนียวมะม่วง ${tag}`, description: 'ข้าว กะทิ และสูตร' };
  const created = await call(ctx.app, 'POST', '/api/ops/warehouse', { token, body: { ...english, category: 'food', purchasePriceCents: 600, stock: 50, translations: { 'th-TH': thai } } });
  expect(created.status).toBe(200);
  const seller = await createSeller(ctx.db);
  const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
  const added = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: sellerToken, body: { warehouseProductIds: [created.body.data.id], profitRatio: 20 } });
  return { tag, english, thai, id: created.body.data.id as number, seller, sellerToken, shopProductId: added.body.data.results[0].productId as number };
}

describe('warehouse products in several languages', () => {
  it('creates and edits translations (audited); bad ones are refused in the reader’s language and nothing is written', async () => {
    const op = await catalogToken();
    const before = await counts();
    const base = { name: 'Coconut Chips 200 g', category: 'food', purchasePriceCents: 300, stock: 10 };
    const bad = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, lang: 'th-TH', body: { ...base, translations: { 'th-TH': { name: 'ก'.repeat(121) }, 'xx-XX': { name: 'x' } } } });
    expect(bad.status).toBe(400);
    const details = bad.body.details as { path: string; message: string }[];
    expect(details.find((d) => d.path.includes('th-TH'))?.message).toBe('ชื่อต้องมี 1 ถึง 120 ตัวอักษร');
    expect(details.length).toBeGreaterThanOrEqual(2);
    expect(await counts()).toEqual(before);

    const created = await call(ctx.app, 'POST', '/api/ops/warehouse', { token: op.token, body: { ...base, translations: { 'th-TH': { name: 'มะพร้าวแผ่นอบกรอบ', description: '' }, 'ja-JP': { name: '', description: '' } } } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    // The empty Japanese entry is no translation at all.
    expect(created.body.data.translations).toEqual({ 'th-TH': { name: 'มะพร้าวแผ่นอบกรอบ', description: '' } });

    const refused = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, lang: 'vi-VN', body: { translations: { 'vi-VN': { name: 'x'.repeat(121) } } } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].message).toBe('Tên phải từ 1 đến 120 ký tự');

    // A change of the price alone keeps the description and the translations.
    await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, body: { description: 'Baked, not fried' } });
    const priced = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, body: { purchasePriceCents: 350 } });
    expect(priced.body.data).toMatchObject({ description: 'Baked, not fried', purchasePriceCents: 350, translations: { 'th-TH': { name: 'มะพร้าวแผ่นอบกรอบ' } } });

    const edited = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op.token, body: { translations: { 'vi-VN': { name: 'Dừa sấy giòn', description: 'Nướng, không chiên' } } } });
    expect(edited.body.data.translations).toEqual({ 'vi-VN': { name: 'Dừa sấy giòn', description: 'Nướng, không chiên' } });
    const audit = await ctx.db
      .select({ action: operatorAudit.action, before: operatorAudit.before, after: operatorAudit.after })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'warehouse_product'), eq(operatorAudit.targetId, id)));
    expect(audit.map((a) => a.action)).toEqual(['warehouse.create', 'warehouse.update', 'warehouse.update', 'warehouse.update']);
    expect(audit[3]).toMatchObject({ before: { translations: { 'th-TH': { name: 'มะพร้าวแผ่นอบกรอบ' } } }, after: { translations: { 'vi-VN': { name: 'Dừa sấy giòn' } } } });

    // The console finds it by a translated name.
    const found = await call(ctx.app, 'GET', '/api/ops/warehouse', { token: op.token, query: { q: 'Dừa sấy' } });
    expect(found.body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('seller and mall pages answer in the reader’s language, fall back to English, and find the product by either name', async () => {
    const op = await catalogToken();
    const p = await productInShop(op.token);

    const warehouseTh = await call(ctx.app, 'GET', '/api/product/warehouse', { token: p.sellerToken, lang: 'th-TH', query: { name: 'ข้าวเหนียวมะม่วง' } });
    expect(warehouseTh.body.data.list).toEqual([expect.objectContaining({ id: p.id, name: p.thai.name, description: p.thai.description })]);
    const warehouseEnglishWord = await call(ctx.app, 'GET', '/api/product/warehouse', { token: p.sellerToken, lang: 'th-TH', query: { name: `Sticky Rice Kit ${p.tag}` } });
    expect(warehouseEnglishWord.body.data.list.map((r: { name: string }) => r.name)).toEqual([p.thai.name]);
    const warehouseJa = await call(ctx.app, 'GET', '/api/product/warehouse', { token: p.sellerToken, lang: 'ja-JP', query: { name: `Sticky Rice Kit ${p.tag}` } });
    expect(warehouseJa.body.data.list.map((r: { name: string }) => r.name)).toEqual([p.english.name]);
    // A Thai name is no match for a reader of another language.
    expect((await call(ctx.app, 'GET', '/api/product/warehouse', { token: p.sellerToken, lang: 'ja-JP', query: { name: 'ข้าวเหนียวมะม่วง' } })).body.data.list).toEqual([]);
    const shopList = await call(ctx.app, 'GET', '/api/product/list', { token: p.sellerToken, lang: 'th-TH' });
    expect(shopList.body.data.list.map((r: { name: string }) => r.name)).toEqual([p.thai.name]);

    const pageTh = await call(ctx.app, 'GET', `/api/buyer/products/${p.shopProductId}`, { lang: 'th-TH' });
    expect(pageTh.body.data).toMatchObject({ name: p.thai.name, description: p.thai.description });
    const pageKo = await call(ctx.app, 'GET', `/api/buyer/products/${p.shopProductId}`, { lang: 'ko-KR' });
    expect(pageKo.body.data).toMatchObject({ name: p.english.name, description: p.english.description });
    const searchTh = await call(ctx.app, 'GET', '/api/mall/products', { lang: 'th-TH', query: { keyword: `ข้าวเหนียวมะม่วง ${p.tag}` } });
    expect(searchTh.body.data.list.map((c: { productId: number; name: string }) => [c.productId, c.name])).toEqual([[p.shopProductId, p.thai.name]]);
    const searchEnglishInTh = await call(ctx.app, 'GET', '/api/mall/products', { lang: 'th-TH', query: { keyword: `Mango Sticky Rice Kit ${p.tag}` } });
    expect(searchEnglishInTh.body.data.list.map((c: { name: string }) => c.name)).toEqual([p.thai.name]);
    const searchEn = await call(ctx.app, 'GET', '/api/mall/products', { lang: 'en-US', query: { keyword: `ข้าวเหนียวมะม่วง ${p.tag}` } });
    expect(searchEn.body.data).toMatchObject({ list: [], total: 0 });
    const shopPage = await call(ctx.app, 'GET', `/api/mall/shops/${p.seller.shopId}/products`, { lang: 'th-TH' });
    expect(shopPage.body.data.list.map((c: { name: string }) => c.name)).toEqual([p.thai.name]);
    const home = await call(ctx.app, 'GET', '/api/mall/home', { lang: 'th-TH' });
    expect(home.body.data.rankings.newest.map((c: { productId: number; name: string }) => [c.productId, c.name])).toContainEqual([p.shopProductId, p.thai.name]);
    const buyer = await newBuyer(ctx);
    const cartItemName = (answer: { body: { data: { shops: { items: { productId: number; name: string }[] }[] } } }) =>
      answer.body.data.shops.flatMap((s) => s.items).find((i) => i.productId === p.shopProductId)?.name;
    expect(cartItemName(await call(ctx.app, 'POST', '/api/buyer/cart', { headers: { buyertoken: buyer.token }, lang: 'th-TH', body: { productId: p.shopProductId, quantity: 1 } }))).toBe(p.thai.name);
    expect(cartItemName(await call(ctx.app, 'GET', '/api/buyer/cart', { headers: { buyertoken: buyer.token }, lang: 'vi-VN' }))).toBe(p.english.name);

    // A seller who renamed theirs shows their own words in every language.
    await call(ctx.app, 'POST', '/api/product/update', { token: p.sellerToken, body: { id: p.shopProductId, name: `House Mango Rice ${p.tag}` } });
    expect((await call(ctx.app, 'GET', `/api/buyer/products/${p.shopProductId}`, { lang: 'th-TH' })).body.data.name).toBe(`House Mango Rice ${p.tag}`);
  });

  it('an order keeps the name it was placed with after the product is renamed in every language', async () => {
    const op = await catalogToken();
    const p = await productInShop(op.token);
    const buyer = await newBuyer(ctx);
    const orderNo = await placeOrder(ctx, buyer.token, p.seller.shopId, p.shopProductId);
    await call(ctx.app, 'POST', `/api/ops/warehouse/${p.id}`, { token: op.token, body: { name: `Mango Rice Set ${p.tag}`, translations: { 'th-TH': { name: `ชุดข้าวมะม่วง ${p.tag}` } } } });
    const [order] = await ctx.db.select({ productName: orders.productName }).from(orders).where(eq(orders.orderNo, orderNo));
    expect(order!.productName).toBe(p.english.name);
    expect((await call(ctx.app, 'GET', `/api/buyer/products/${p.shopProductId}`, { lang: 'th-TH' })).body.data.name).toBe(`ชุดข้าวมะม่วง ${p.tag}`);
  });

  it('imports per-language columns (name_th, description_th, name_ja-JP); a bad translation is reported by its column', async () => {
    const op = await catalogToken();
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('products');
    const tag = unique();
    ws.addRow(['name', 'description', 'category', 'purchasePrice', 'stock', 'name_th', 'description_th', 'name_ja-JP']);
    ws.addRow([`Imported Durian Chips ${tag}`, 'Freeze-dried', 'food', '5', 20, `ทุเรียนอบกรอบ ${tag}`, 'ฟรีซดราย', `ドリアンチップス ${tag}`]);
    ws.addRow([`Imported Long Name ${tag}`, '', 'food', '5', 20, 'ก'.repeat(121), '', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await counts();
    const dry = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=true', [{ name: 'file', filename: 'p.xlsx', data: file }], { token: op.token, lang: 'th-TH' });
    expect(dry.body.data).toMatchObject({ total: 2, valid: 1 });
    expect(dry.body.data.rows[1].errors).toEqual([{ field: 'name_th-TH', message: 'ชื่อต้องมี 1 ถึง 120 ตัวอักษร' }]);
    expect(await counts()).toEqual(before);
    const run = await callMultipart(ctx.app, '/api/ops/warehouse/import?dryRun=false', [{ name: 'file', filename: 'p.xlsx', data: file }], { token: op.token });
    const id = run.body.data.rows[0].productId as number;
    const product = await call(ctx.app, 'GET', `/api/ops/warehouse/${id}`, { token: op.token });
    expect(product.body.data.translations).toEqual({ 'th-TH': { name: `ทุเรียนอบกรอบ ${tag}`, description: 'ฟรีซดราย' }, 'ja-JP': { name: `ドリアンチップス ${tag}`, description: '' } });
  });
});

describe('gallery pictures of a warehouse product', () => {
  it('refuses what is not a picture, too big or too many; resizes to the page size; reorders and removes (audited); the mall and the seller see it', async () => {
    const op = await catalogToken();
    const p = await productInShop(op.token);
    const url = `/api/ops/warehouse/${p.id}/gallery`;
    const upload = (data: Buffer, lang = 'en-US') => callMultipart(ctx.app, url, [{ name: 'photo', filename: 'g.png', data }], { token: op.token, lang });

    expect((await upload(Buffer.from('%PDF-1.4 not a picture'))).body.error).toBe('PHOTO_INVALID_TYPE');
    expect((await upload(pngBytes(2 * 1024 * 1024 + 10))).body.error).toBe('PHOTO_TOO_LARGE');
    expect((await call(ctx.app, 'GET', `/api/ops/warehouse/${p.id}`, { token: op.token })).body.data.gallery).toEqual([]);

    const large = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e9a23b' } })
      .jpeg()
      .toBuffer();
    const first = await upload(large);
    expect(first.status).toBe(200);
    const [stored] = first.body.data.gallery as string[];
    const served = await ctx.app.inject({ method: 'GET', url: stored! });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });

    for (let i = 1; i < 8; i += 1) expect((await upload(pngBytes())).status).toBe(200);
    const full = await upload(pngBytes(), 'th-TH');
    expect(full.body).toMatchObject({ error: 'GALLERY_FULL', msg: 'แกลเลอรีมีรูปได้ไม่เกิน 8 รูป: โปรดลบออกหนึ่งรูปก่อน' });
    const gallery = (await call(ctx.app, 'GET', `/api/ops/warehouse/${p.id}`, { token: op.token })).body.data.gallery as string[];
    expect(gallery).toHaveLength(8);

    const arranged = [gallery[2]!, gallery[0]!];
    const moved = await call(ctx.app, 'POST', `${url}/arrange`, { token: op.token, body: { images: arranged } });
    expect(moved.body.data.gallery).toEqual(arranged);
    const stale = await call(ctx.app, 'POST', `${url}/arrange`, { token: op.token, body: { images: [gallery[5]!] } });
    expect(stale.body.error).toBe('GALLERY_MISMATCH');
    const twice = await call(ctx.app, 'POST', `${url}/arrange`, { token: op.token, body: { images: [arranged[0], arranged[0]] } });
    expect(twice.body.error).toBe('GALLERY_MISMATCH');

    const page = await call(ctx.app, 'GET', `/api/buyer/products/${p.shopProductId}`);
    expect(page.body.data.images).toEqual([page.body.data.cover, ...arranged]);
    const sellerView = await call(ctx.app, 'GET', '/api/product/warehouse', { token: p.sellerToken, query: { name: p.english.name } });
    expect(sellerView.body.data.list[0].gallery).toEqual(arranged);
    const actions = await ctx.db
      .select({ action: operatorAudit.action })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'warehouse_product'), eq(operatorAudit.targetId, p.id), eq(operatorAudit.action, 'warehouse.gallery')));
    expect(actions).toHaveLength(9);
  });
});
