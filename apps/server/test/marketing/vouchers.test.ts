import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { addShopProducts, newShop, type ShopFixture } from '../orders/fixtures.ts';
import { sellerCall, startNow, voucherCount, voucherRow, voucherTerms } from './voucher-fixtures.ts';

const ctx = useTestApp();
let shop: ShopFixture;
/** Purchase prices 10.00 and 20.00 at 20% profit: prices 12.00 and 24.00. */
let p1: number;
let p2: number;

beforeAll(async () => {
  shop = await newShop(ctx);
  [p1, p2] = await addShopProducts(ctx, shop, [10_00, 20_00], 20);
});

const create = (body: Record<string, unknown>, lang?: string) => sellerCall(ctx, shop, 'POST', '/api/marketing/vouchers/create', body, lang);

describe('seller vouchers: validation', () => {
  it('refuses each bad field with its message in the caller language, writing nothing', async () => {
    const start = new Date(Date.now() + 3600_000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endsAt: new Date(start.getTime() - 60_000).toISOString(), startsAt: start.toISOString() }, 'endsAt', 'The end must be after the start'],
      [{ kind: 'percent', amountOffCents: null, percentOff: 101, maxDiscountCents: 3_00 }, 'percentOff', 'The percentage must be a whole number from 1 to 100'],
      [{ kind: 'percent', amountOffCents: null, percentOff: 10 }, 'maxDiscountCents', 'A percentage voucher needs a maximum discount (the cap) above 0'],
      [{ totalQuantity: 0 }, 'totalQuantity', 'The total quantity must be a whole number from 1 to 100,000'],
      [{ visibility: 'code' }, 'code', 'A voucher by code needs its code'],
      [{ visibility: 'code', code: 'no!' }, 'code', 'The code is 4 to 20 letters (A–Z) and digits'],
      [{ scope: 'products', productIds: [] }, 'productIds', 'Choose 1 to 100 of your products'],
      [{ perBuyerLimit: 5, totalQuantity: 2 }, 'perBuyerLimit', 'The limit per buyer cannot be above the total quantity'],
      [{ name: '' }, 'name', 'The voucher name is required, at most 60 characters'],
      [{ startsAt: 'tomorrow' }, 'startsAt', 'Enter a valid date and time'],
      [{ startsAt: new Date(Date.now() - 7200_000).toISOString(), endsAt: new Date(Date.now() - 3600_000).toISOString() }, 'endsAt', 'The end must be in the future'],
    ];
    for (const [change, path, message] of cases) {
      const { status, body } = await create(voucherTerms(change));
      expect(status, path).toBe(400);
      expect(body.error).toBe('VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path, message });
    }
    const vi = await create(voucherTerms({ kind: 'percent', amountOffCents: null, percentOff: 150, maxDiscountCents: 1_00 }), 'vi-VN');
    expect(vi.body.details).toContainEqual({ path: 'percentOff', message: 'Phần trăm phải là số nguyên từ 1 đến 100' });
    const th = await create(voucherTerms({ totalQuantity: 0 }), 'th-TH');
    expect(th.body.msg).toBe('จำนวนทั้งหมดต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 100,000');
    expect(await voucherCount(ctx.db, shop.shopId)).toBe(0);
  });

  it('refuses another shop\'s product and a code already taken in the shop', async () => {
    const other = await newShop(ctx);
    const [foreign] = await addShopProducts(ctx, other, [10_00], 20);
    expect((await create(voucherTerms({ scope: 'products', productIds: [p1, foreign] }))).status).toBe(404);
    const first = await create(voucherTerms({ visibility: 'code', code: 'save5now' }));
    expect(first.status).toBe(200);
    expect(first.body.data.voucher.code).toBe('SAVE5NOW');
    const again = await create(voucherTerms({ visibility: 'code', code: 'SAVE5NOW' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('VOUCHER_CODE_TAKEN');
    // The same code in another shop is that shop's own.
    expect((await sellerCall(ctx, other, 'POST', '/api/marketing/vouchers/create', voucherTerms({ visibility: 'code', code: 'SAVE5NOW' }))).status).toBe(200);
  });
});

describe('seller vouchers: the margin guard', () => {
  it('shows each product\'s lowest price against its cost, asks before a loss and refuses it under "never below cost"', async () => {
    // 10% capped at 1.50, minimum spend 30.00: 12.00 × 3 = 36.00 − 1.50 → 11.50 a unit (cost 10.00);
    // 24.00 × 2 = 48.00 − 1.50 → 23.25 (cost 20.00). Both above cost.
    const safe = voucherTerms({ kind: 'percent', amountOffCents: null, percentOff: 10, maxDiscountCents: 1_50, minSpendCents: 30_00, acceptLoss: false });
    const preview = await sellerCall(ctx, shop, 'POST', '/api/marketing/vouchers/preview', safe);
    expect(preview.status).toBe(200);
    expect(preview.body.data.belowCostCount).toBe(0);
    const row1 = preview.body.data.products.find((r: { productId: number }) => r.productId === p1);
    expect(row1).toMatchObject({ priceCents: 12_00, lowestPriceCents: 11_50, purchasePriceCents: 10_00, unitProfitCents: 1_50, belowCost: false });
    expect(preview.body.data.products.find((r: { productId: number }) => r.productId === p2)).toMatchObject({ lowestPriceCents: 23_25, belowCost: false });

    // 5.00 off with no minimum: one unit of the 12.00 product sells at 7.00 (cost 10.00), of the 24.00 one at 19.00 (cost 20.00).
    const loss = voucherTerms({ scope: 'products', productIds: [p1, p2], amountOffCents: 5_00, acceptLoss: false });
    const asked = await create(loss);
    expect(asked.status).toBe(422);
    expect(asked.body.error).toBe('VOUCHER_BELOW_COST');
    expect(asked.body.msg).toContain(': 2.');
    expect(asked.body.data.belowCostCount).toBe(2);
    expect(asked.body.data.products[0]).toMatchObject({ productId: p1, lowestPriceCents: 7_00, unitProfitCents: -3_00, belowCost: true });
    expect(asked.body.data.products[1]).toMatchObject({ productId: p2, lowestPriceCents: 19_00, unitProfitCents: -1_00, belowCost: true });
    const before = await voucherCount(ctx.db, shop.shopId);
    const accepted = await create({ ...loss, acceptLoss: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.margin.belowCostCount).toBe(2);
    expect(await voucherCount(ctx.db, shop.shopId)).toBe(before + 1);

    expect((await sellerCall(ctx, shop, 'POST', '/api/marketing/promotionSettings', { neverBelowCost: true })).body.data).toEqual({ neverBelowCost: true });
    const refused = await create({ ...loss, acceptLoss: true }, 'zh-CN');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('VOUCHER_BELOW_COST_REFUSED');
    expect(refused.body.msg).toContain('绝不低于成本');
    expect(await voucherCount(ctx.db, shop.shopId)).toBe(before + 1);
    // Editing the accepted voucher is guarded the same way.
    const id = accepted.body.data.voucher.id;
    expect((await sellerCall(ctx, shop, 'POST', `/api/marketing/vouchers/${id}/update`, { ...loss, acceptLoss: true })).body.error).toBe('VOUCHER_BELOW_COST_REFUSED');
    expect((await create(safe)).status).toBe(200);
    await sellerCall(ctx, shop, 'POST', '/api/marketing/promotionSettings', { neverBelowCost: false });
  });
});

describe('seller vouchers: edit, end, list', () => {
  it('edits an upcoming voucher freely; a started one only more generously; an ended one not at all', async () => {
    const made = await create(voucherTerms({ name: 'Before', amountOffCents: 2_00, minSpendCents: 50_00, totalQuantity: 10 }));
    const id = made.body.data.voucher.id as number;
    expect(made.body.data.voucher.status).toBe('upcoming');
    const update = (change: Record<string, unknown>, lang?: string) => sellerCall(ctx, shop, 'POST', `/api/marketing/vouchers/${id}/update`, voucherTerms({ amountOffCents: 2_00, minSpendCents: 50_00, totalQuantity: 10, ...change }), lang);
    // Not started: even less generous is fine.
    expect((await update({ amountOffCents: 1_00 })).status).toBe(200);

    await startNow(ctx.db, id);
    const detail = await sellerCall(ctx, shop, 'GET', `/api/marketing/vouchers/${id}`);
    expect(detail.body.data.status).toBe('running');
    const startsAt = detail.body.data.startsAt as string;
    const endsAt = detail.body.data.endsAt as string;
    const same = { startsAt, endsAt, amountOffCents: 1_00 };
    for (const [change, field] of [
      [{ amountOffCents: 50 }, 'the amount off'],
      [{ minSpendCents: 60_00 }, 'the minimum spend'],
      [{ totalQuantity: 9 }, 'the total quantity'],
      [{ endsAt: new Date(new Date(endsAt).getTime() - 3600_000).toISOString() }, 'the end time'],
      [{ visibility: 'code', code: 'LATECODE' }, 'who can use it'],
      [{ startsAt: new Date().toISOString() }, 'the start time'],
    ] as const) {
      const { status, body } = await update({ ...same, ...change });
      expect(status, field).toBe(422);
      expect(body.error).toBe('VOUCHER_LESS_GENEROUS');
      expect(body.msg).toContain(field);
    }
    const ko = await update({ ...same, minSpendCents: 60_00 }, 'ko-KR');
    expect(ko.body.msg).toContain('최소 구매 금액');
    const better = await update({ ...same, name: 'After', amountOffCents: 3_00, minSpendCents: 40_00, totalQuantity: 20, endsAt: new Date(new Date(endsAt).getTime() + 3600_000).toISOString() });
    expect(better.status).toBe(200);
    expect(better.body.data.voucher).toMatchObject({ name: 'After', amountOffCents: 3_00, minSpendCents: 40_00, totalQuantity: 20, status: 'running' });

    const ended = await sellerCall(ctx, shop, 'POST', `/api/marketing/vouchers/${id}/end`);
    expect(ended.body.data.status).toBe('ended');
    expect(ended.body.data.endedAt).not.toBeNull();
    expect((await sellerCall(ctx, shop, 'POST', `/api/marketing/vouchers/${id}/end`)).body.error).toBe('VOUCHER_ENDED');
    expect((await update({ ...same, amountOffCents: 4_00 })).body.error).toBe('VOUCHER_ENDED');
    expect((await voucherRow(ctx.db, id)).ended_at).not.toBeNull();

    const endedList = await sellerCall(ctx, shop, 'GET', '/api/marketing/vouchers?status=ended');
    expect(endedList.body.data.list.map((v: { id: number }) => v.id)).toContain(id);
    const running = await sellerCall(ctx, shop, 'GET', '/api/marketing/vouchers?status=running');
    expect(running.body.data.list.map((v: { id: number }) => v.id)).not.toContain(id);
    const all = await sellerCall(ctx, shop, 'GET', '/api/marketing/vouchers?page=1&pageSize=100');
    expect(all.body.data.total).toBe(await voucherCount(ctx.db, shop.shopId));
  });

  it("keeps another shop out of the shop's vouchers", async () => {
    const made = await create(voucherTerms());
    const id = made.body.data.voucher.id as number;
    const other = await newShop(ctx);
    expect((await sellerCall(ctx, other, 'GET', `/api/marketing/vouchers/${id}`)).status).toBe(404);
    expect((await sellerCall(ctx, other, 'POST', `/api/marketing/vouchers/${id}/end`)).status).toBe(404);
    expect((await sellerCall(ctx, other, 'POST', `/api/marketing/vouchers/${id}/update`, voucherTerms())).status).toBe(404);
    expect((await sellerCall(ctx, other, 'GET', '/api/marketing/vouchers')).body.data.total).toBe(0);
  });
});
