import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp } from './support/mall.ts';
import { centsShown as cents, localDateTime } from './support/page.ts';

/**
 * Flash deals end to end at phone size: the demo seller creates a deal on /m/deals (a bad price is
 * refused at its field first); a buyer sees the deal price (in the buy box, under the normal price),
 * the countdown and the units left on the product page, checks out a cart with the deal product and
 * another shop's product, and the order shows the deal's saving; the deal's results show that order
 * on the phone and on the desktop. The deal is ended afterwards so other tests see the normal price.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];
let cleanup: (() => Promise<unknown>) | null = null;

afterAll(async () => {
  await cleanup?.();
  for (const context of contexts.splice(0)) await context.close();
});

async function phonePage(setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await launch('phone');
  contexts.push(context);
  await setup?.(context);
  return context.pages()[0] ?? (await context.newPage());
}

interface Card {
  productId: number;
  shopId: number;
  name: string;
  stock: number;
  priceCents: number;
  salePriceCents: number;
}

describe('flash deals', () => {
  it('a deal created on the phone sells at its price in the mall and the order shows the saving', async () => {
    const seller = await sellerSession(baseUrl);
    // A product of the demo shop without its own discount, with stock, among the first the form lists;
    // and one of another shop.
    const own = await api<{ list: { id: number; name: string; status: string; stock: number }[] }>(baseUrl, 'GET', '/api/product/list?page=1&pageSize=100', { authToken: seller.token });
    const ownCards = await api<{ list: Card[] }>(baseUrl, 'GET', `/api/mall/shops/${seller.shopId}/products?pageSize=50`, {});
    const cards = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const listed = new Set(own.list.filter((p) => p.status === 'on_sale' && p.stock > 5).map((p) => p.id));
    const product = ownCards.list.find((c) => listed.has(c.productId) && c.salePriceCents === c.priceCents && c.priceCents >= 2_00);
    const other = cards.list.find((c) => c.shopId !== seller.shopId && c.stock > 5);
    if (!product || !other) throw new Error('the demo mall has no products to use');
    const dealCents = Math.floor((product.priceCents * 8) / 1000) * 100 || product.priceCents - 1;
    const dealText = `${Math.floor(dealCents / 100)}.${String(dealCents % 100).padStart(2, '0')}`;

    // The seller on the phone: a deal starting a minute ago, 20 units.
    const phone = await phonePage();
    await loginPhone(phone, baseUrl, DEMO);
    await expectPath(phone, '/m/shop');
    await phone.goto(`${baseUrl}/m/deals`);
    await phone.getByTestId('m-deal-create').click();
    await phone.getByTestId('m-deal-form').waitFor();
    await phone.getByTestId('m-deal-productId').getByText(product.name).first().click();
    await phone.getByTestId('m-deal-dealPriceCents').locator('input').fill('0');
    await phone.getByTestId('m-deal-check').click();
    await phone.getByText('Enter a price above 0 with at most 2 decimals').waitFor();
    await phone.getByTestId('m-deal-dealPriceCents').locator('input').fill(dealText);
    await phone.getByTestId('m-deal-stockCap').locator('input').fill('20');
    await phone.getByTestId('m-deal-startsAt').locator('input').fill(await localDateTime(phone, -60_000));
    await phone.getByTestId('m-deal-check').click();
    await phone.getByTestId('m-deal-preview').waitFor();
    await phone.getByTestId('m-deal-save').click();
    await phone.getByTestId('m-deal-preview').waitFor({ state: 'detached' });
    const running = await api<{ list: { id: number; productId: number; soldCount: number }[] }>(baseUrl, 'GET', '/api/marketing/deals?status=running&pageSize=100', { authToken: seller.token });
    const deal = running.list.find((d) => d.productId === product.productId);
    if (!deal) throw new Error('the deal was not saved as running');
    cleanup = () => api(baseUrl, 'POST', `/api/marketing/deals/${deal.id}/end`, { authToken: seller.token }, {});
    await phone.getByTestId(`m-deal-sold-${deal.id}`).waitFor();

    // The buyer: the deal product and another shop's in the cart, an address, through the API.
    const buyer = await registerBuyer(baseUrl, 'deal');
    await topUp(baseUrl, buyer, 1_000_00);
    await api(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: product.productId, quantity: 2 });
    const cart = await api<{ shops: { items: { itemId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: other.productId, quantity: 1 });
    const itemIds = cart.shops.flatMap((s) => s.items.map((i) => i.itemId));
    await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'E2E Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street', isDefault: true });

    // The product page shows the deal price inside the buy box, a countdown and the units left.
    const mall = await phonePage((context) => signInMall(context, buyer));
    await mall.goto(`${baseUrl}/mall/product/${product.productId}`);
    await mall.getByTestId('product-buybox').getByTestId('deal-price').waitFor();
    expect(await cents(mall, 'deal-price')).toBe(dealCents);
    expect(await mall.getByTestId('deal-countdown').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(await mall.getByTestId('deal-remaining').textContent()).toContain('20');

    // The checkout charges the deal price for the two units and shows what the deal saved.
    const saving = (product.priceCents - dealCents) * 2;
    await mall.goto(`${baseUrl}/mall/checkout?items=${itemIds.join(',')}`);
    await mall.getByTestId('checkout-deal-saving').waitFor();
    expect(await cents(mall, 'checkout-deal-saving')).toBe(saving);
    expect(await cents(mall, 'checkout-subtotal')).toBe(dealCents * 2 + other.salePriceCents);
    await mall.getByTestId('checkout-pay').click();
    await mall.getByTestId('checkout-success').waitFor();
    expect(await cents(mall, 'checkout-done-deal-saving')).toBe(saving);

    // The deal's order shows its saving; the deal counts the two units.
    await mall.getByTestId('checkout-order').filter({ hasText: product.name }).click();
    await mall.getByTestId('order-deal-saving').waitFor();
    expect(await cents(mall, 'order-deal-saving')).toBe(saving);
    const after = await api<{ soldCount: number }>(baseUrl, 'GET', `/api/marketing/deals/${deal.id}`, { authToken: seller.token });
    expect(after.soldCount).toBe(2);

    // The deal's results: the one order and its saving, in the phone's sheet and the desktop's drawer.
    await phone.reload();
    await phone.getByTestId(`m-deal-results-${deal.id}`).click();
    await phone.getByTestId('m-deal-results-totals').waitFor();
    expect((await phone.getByTestId('m-deal-results-orders').locator('dd').textContent())?.trim()).toBe('1');
    expect(await cents(phone, 'm-deal-results-discountGiven')).toBe(saving);
    const context = await launch('desktop');
    contexts.push(context);
    const desk = context.pages()[0] ?? (await context.newPage());
    await loginDesktop(desk, baseUrl, DEMO);
    await expectPath(desk, '/dashboard');
    await desk.goto(`${baseUrl}/marketing/deals`);
    await desk.getByTestId(`deal-results-${deal.id}`).click();
    await desk.getByTestId('deal-results-totals').waitFor();
    expect((await desk.getByTestId('deal-results-orders').locator('dd').textContent())?.trim()).toBe('1');
    expect(await cents(desk, 'deal-results-discountGiven')).toBe(saving);
  });
});
