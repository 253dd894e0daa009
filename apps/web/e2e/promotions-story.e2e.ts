import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, purchaseStock, sellerSession } from './support/orders.ts';
import { buyerHeaders, carryUntil, registerBuyer, signInMall, topUp } from './support/mall.ts';
import { centsShown, clickUntilShown, localDateTime, pageOpener } from './support/page.ts';
import type { ProductCard } from '@shopdesk/shared/mall/schemas';

/**
 * The promotions story, one person's step after another: the demo seller creates a capped
 * percentage voucher on the desktop and a flash deal on the phone; a buyer claims the voucher on the
 * shop's mall page, puts the deal product and another shop's product in the cart and checks out,
 * seeing both savings; the seller buys the stock, the carrier picks it up, the buyer presses "Order
 * received", and the seller's funding records name the deal and the voucher on the settlement.
 * What is not the story (finding the products, the buyer's account, money and address, the stock
 * purchase, the carrier) goes through the API. Voucher and deal are ended afterwards, so the shop's
 * other tests see neither.
 */

const baseUrl = inject('baseUrl');
const open = pageOpener();
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface OwnProduct {
  id: number;
  name: string;
  status: string;
  stock: number;
  priceCents: number;
  salePriceCents: number;
  purchasePriceCents: number;
}

/** 5% up to 5.00 above 10.00: 10% would sell the shop's products with a 10% margin below cost. */
const VOUCHER = { percent: 5, capCents: 5_00, minSpendCents: 10_00 };

/** A whole-USDT deal price about 10% under the normal price. */
const dealPriceOf = (priceCents: number) => Math.floor((priceCents * 0.9) / 100) * 100;

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the promotions story', () => {
  it('voucher on the desktop, deal on the phone, both saved at a two-shop checkout, named on the settlement', async () => {
    const seller = await sellerSession(baseUrl);
    const auth = { authToken: seller.token };
    const tag = Date.now().toString(36);

    // The deal's product: on sale with stock, no discount of its own, dear enough that the voucher's
    // cap holds, its deal price still above cost. Another shop's product beside it in the cart.
    const own = await api<{ list: OwnProduct[] }>(baseUrl, 'GET', '/api/product/list?page=1&pageSize=100', auth);
    const product = own.list
      .filter((p) => p.status === 'on_sale' && p.stock > 5 && p.salePriceCents === p.priceCents && dealPriceOf(p.priceCents) > p.purchasePriceCents && p.priceCents < 300_00)
      .sort((a, b) => b.priceCents - a.priceCents)[0];
    const cards = await api<{ list: ProductCard[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const other = cards.list.find((c) => c.shopId !== seller.shopId && c.stock > 5 && c.salePriceCents < 300_00);
    if (!product || !other) throw new Error('the demo mall has no products to use');
    const dealCents = dealPriceOf(product.priceCents);
    const dealSaving = product.priceCents - dealCents;
    const voucherSaving = Math.min(Math.floor((dealCents * VOUCHER.percent) / 100), VOUCHER.capCents);

    // 1. The seller, on the desktop: a public, shop-wide voucher running from this minute.
    const name = `Story ${tag}`;
    const desk = await open('desktop');
    await loginDesktop(desk, baseUrl, DEMO);
    await expectPath(desk, '/dashboard');
    await desk.goto(`${baseUrl}/marketing/vouchers`);
    await clickUntilShown(desk.getByTestId('voucher-create'), desk.getByTestId('voucher-form'));
    await desk.getByTestId('voucher-name').fill(name);
    await desk.getByTestId('voucher-kind-percent').click();
    await desk.getByTestId('voucher-percentOff').fill(String(VOUCHER.percent));
    await desk.getByTestId('voucher-maxDiscountCents').fill(decimal(VOUCHER.capCents));
    await desk.getByTestId('voucher-minSpendCents').fill(decimal(VOUCHER.minSpendCents));
    await desk.getByTestId('voucher-startsAt').fill(await localDateTime(desk));
    await clickUntilShown(desk.getByTestId('voucher-check'), desk.getByTestId('voucher-preview'));
    await desk.getByTestId('voucher-save').click();
    await desk.getByTestId('voucher-preview').waitFor({ state: 'detached' });
    await desk.getByTestId('voucher-table').getByText(name).waitFor();
    const vouchers = await api<{ list: { id: number; name: string }[] }>(baseUrl, 'GET', '/api/marketing/vouchers?status=running&pageSize=100', auth);
    const voucher = vouchers.list.find((v) => v.name === name);
    if (!voucher) throw new Error('the voucher was not saved as running');
    cleanups.push(() => api(baseUrl, 'POST', `/api/marketing/vouchers/${voucher.id}/end`, auth, {}));

    // 2. The same seller, on the phone: a flash deal on the product, 20 units, from this minute; its
    // margin preview shows no loss.
    const phone = await open('phone');
    await loginPhone(phone, baseUrl, DEMO);
    await expectPath(phone, '/m/shop');
    await phone.goto(`${baseUrl}/m/deals`);
    await clickUntilShown(phone.getByTestId('m-deal-create'), phone.getByTestId('m-deal-form'));
    await phone.getByTestId('m-deal-productId').getByText(new RegExp(`^${escaped(product.name)} · `)).click();
    await phone.getByTestId('m-deal-dealPriceCents').locator('input').fill(decimal(dealCents));
    await phone.getByTestId('m-deal-stockCap').locator('input').fill('20');
    await phone.getByTestId('m-deal-startsAt').locator('input').fill(await localDateTime(phone));
    await clickUntilShown(phone.getByTestId('m-deal-check'), phone.getByTestId('m-deal-preview'));
    expect(await phone.getByTestId('m-deal-preview').locator('.vch-loss').count()).toBe(0);
    await phone.getByTestId('m-deal-save').click();
    await phone.getByTestId('m-deal-preview').waitFor({ state: 'detached' });
    const deals = await api<{ list: { id: number; productId: number }[] }>(baseUrl, 'GET', '/api/marketing/deals?status=running&pageSize=100', auth);
    const deal = deals.list.find((d) => d.productId === product.id);
    if (!deal) throw new Error('the deal was not saved as running');
    cleanups.push(() => api(baseUrl, 'POST', `/api/marketing/deals/${deal.id}/end`, auth, {}));
    await phone.getByTestId(`m-deal-sold-${deal.id}`).waitFor();

    // 3. A buyer with money and an address (set up through the API) in the mall at phone size.
    const buyer = await registerBuyer(baseUrl, 'story');
    await topUp(baseUrl, buyer, 1_000_00);
    await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'E2E Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street', isDefault: true });
    const mall = await open('phone');
    await signInMall(mall.context(), buyer);

    // The shop's page: the voucher claimed (a second claim changes nothing), the deal opened.
    await mall.goto(`${baseUrl}/mall/shop/${seller.shopId}`);
    const ticket = (state = '') => mall.locator(`[data-testid="shop-voucher"][data-voucher-id="${voucher.id}"]${state}`);
    await clickUntilShown(ticket().getByTestId('shop-voucher-claim'), ticket('[data-state="claimed"]'));
    const buyBox = mall.getByTestId('product-buybox');
    await clickUntilShown(mall.locator(`[data-testid="mall-deal"][data-deal-id="${deal.id}"]`), buyBox.getByTestId('deal-price'));
    expect(await centsShown(buyBox, 'deal-price')).toBe(dealCents);
    const cartCount = mall.locator('.mall-tabbar [data-testid="cart-count"]');
    await mall.getByTestId('add-to-cart').click();
    await cartCount.filter({ hasText: /^1$/ }).waitFor();

    // The other shop's product.
    await mall.goto(`${baseUrl}/mall/product/${other.productId}`);
    await mall.getByTestId('product-buybox').getByText(other.name).first().waitFor();
    await mall.getByTestId('add-to-cart').click();
    await cartCount.filter({ hasText: /^2$/ }).waitFor();

    // Cart → checkout: the deal's saving and the shop's voucher (picked for the shop, as claimed).
    await mall.getByTestId('mall-tab-cart').click();
    await expect.poll(() => mall.getByTestId('cart-shop').count()).toBe(2);
    expect(await centsShown(mall, 'cart-deal-saving')).toBe(dealSaving);
    await mall.getByTestId('cart-checkout').click();
    await mall.getByTestId('checkout-seller-discount').waitFor();
    expect(await centsShown(mall, 'checkout-deal-saving')).toBe(dealSaving);
    expect(await centsShown(mall, 'checkout-seller-discount')).toBe(voucherSaving);
    expect(await centsShown(mall, 'checkout-subtotal')).toBe(dealCents + other.salePriceCents);
    expect(await centsShown(mall, 'checkout-to-pay')).toBe(dealCents + other.salePriceCents - voucherSaving);
    await mall.getByTestId('checkout-pay').click();
    await mall.getByTestId('checkout-success').waitFor();
    expect(await centsShown(mall, 'checkout-done-deal-saving')).toBe(dealSaving);
    expect(await centsShown(mall, 'checkout-done-seller-discount')).toBe(voucherSaving);
    expect(await mall.getByTestId('checkout-order').count()).toBe(2);

    // The shop's order shows both savings.
    const orderLink = mall.getByTestId('checkout-order').filter({ hasText: product.name });
    const orderId = decodeURIComponent((await orderLink.getAttribute('href'))!.split('/').pop()!);
    await orderLink.click();
    await mall.getByTestId('order-seller-discount').waitFor();
    expect(await centsShown(mall, 'order-deal-saving')).toBe(dealSaving);
    expect(await centsShown(mall, 'order-seller-discount')).toBe(voucherSaving);

    // 4. The seller buys the stock, the carrier picks the order up, the buyer says it arrived: the
    // order settles to the shop.
    await purchaseStock(baseUrl, seller.token, [orderId]);
    await carryUntil(baseUrl, buyer.buyerToken, orderId, 'in_transit');
    await mall.reload();
    await clickUntilShown(mall.getByTestId('order-received'), mall.getByTestId('received-dialog'));
    await clickUntilShown(mall.getByTestId('received-confirm'), mall.getByTestId('mall-toast'));
    await mall.getByTestId('order-received').waitFor({ state: 'detached' });

    // The seller's funding records, searched by the order: the settlement, after both promotions,
    // names the deal and the voucher.
    const records = await open('desktop');
    await loginDesktop(records, baseUrl, DEMO);
    await expectPath(records, '/dashboard');
    await records.goto(`${baseUrl}/transactions`);
    const search = records.getByTestId('transactions-order').locator('input');
    await search.fill(orderId);
    await search.press('Enter');
    const settlement = records.getByTestId('transactions-table').locator('tbody tr.ant-table-row').filter({ has: records.getByTestId('line-remark') });
    await settlement.waitFor();
    expect(await settlement.getByTestId('line-type').textContent()).toBe('Order settlement');
    expect(await settlement.getByTestId('line-remark').textContent()).toBe(`Flash deal #${deal.id}, Shop voucher #${voucher.id}`);
    expect(await centsShown(settlement, 'line-change')).toBe(dealCents - voucherSaving);
  });
});
