import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp } from './support/mall.ts';
import { centsShown, localDateTime } from './support/page.ts';

/**
 * Seller vouchers end to end: the demo seller creates a percentage voucher with a cap on the
 * desktop and sees its margin preview; a buyer claims it on the shop's mall page at phone size,
 * checks out with it, and the order shows the saving. The voucher is ended afterwards so the shop's
 * other tests see no running voucher of this file.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];
let cleanup: (() => Promise<unknown>) | null = null;

afterAll(async () => {
  await cleanup?.();
  for (const context of contexts.splice(0)) await context.close();
});

async function pageOf(device: 'desktop' | 'phone', setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await launch(device);
  contexts.push(context);
  await setup?.(context);
  return context.pages()[0] ?? (await context.newPage());
}

interface Card {
  productId: number;
  shopId: number;
  stock: number;
  salePriceCents: number;
}

describe('seller vouchers', () => {
  it('a voucher created on the desktop is claimed in the mall and saves at checkout', async () => {
    const seller = await sellerSession(baseUrl);
    const name = `E2E ${Date.now().toString(36)}`;

    // The seller: a 10% voucher capped at 2.00, from a minute ago, checked for margins, then saved.
    const desk = await pageOf('desktop');
    await loginDesktop(desk, baseUrl, DEMO);
    await expectPath(desk, '/dashboard');
    await desk.goto(`${baseUrl}/marketing/vouchers`);
    await desk.getByTestId('voucher-create').click();
    await desk.getByTestId('voucher-form').waitFor();
    await desk.getByTestId('voucher-name').fill(name);
    await desk.getByTestId('voucher-kind-percent').click();
    await desk.getByTestId('voucher-percentOff').fill('150');
    await desk.getByTestId('voucher-check').click();
    // Over 100% and no cap: both refused at their fields, nothing asked of the server.
    await desk.getByText('The percentage must be a whole number from 1 to 100').waitFor();
    await desk.getByText('A percentage voucher needs a maximum discount (the cap) above 0').waitFor();
    await desk.getByTestId('voucher-percentOff').fill('10');
    await desk.getByTestId('voucher-maxDiscountCents').fill('2');
    await desk.getByTestId('voucher-startsAt').fill(await localDateTime(desk, -60_000));
    await desk.getByTestId('voucher-check').click();
    await desk.getByTestId('voucher-preview').waitFor();
    expect(await desk.getByTestId('voucher-preview').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await desk.getByTestId('voucher-save').click();
    await desk.getByTestId('voucher-preview').waitFor({ state: 'detached' });
    const listed = await api<{ list: { id: number; name: string; status: string }[] }>(baseUrl, 'GET', '/api/marketing/vouchers?status=running&pageSize=100', { authToken: seller.token });
    const voucher = listed.list.find((v) => v.name === name);
    if (!voucher) throw new Error('the voucher was not saved as running');
    cleanup = () => api(baseUrl, 'POST', `/api/marketing/vouchers/${voucher.id}/end`, { authToken: seller.token }, {});
    await desk.getByTestId('voucher-table').getByText(name).waitFor();

    // The buyer: a product of the shop in the cart and an address, through the API.
    const cards = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = cards.list.find((c) => c.shopId === seller.shopId && c.stock > 5 && c.salePriceCents >= 5_00);
    if (!product) throw new Error('the demo shop has no product with stock in the mall');
    const buyer = await registerBuyer(baseUrl, 'vch');
    await topUp(baseUrl, buyer, 1_000_00);
    const cart = await api<{ shops: { items: { itemId: number; productId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: product.productId, quantity: 1 });
    const itemId = cart.shops.flatMap((s) => s.items).find((i) => i.productId === product.productId)?.itemId;
    await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'E2E Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street', isDefault: true });

    // Claimed on the shop page at phone size.
    const phone = await pageOf('phone', (context) => signInMall(context, buyer));
    await phone.goto(`${baseUrl}/mall/shop/${seller.shopId}`);
    const ticket = phone.locator(`[data-testid="shop-voucher"][data-voucher-id="${voucher.id}"]`);
    await ticket.getByTestId('shop-voucher-claim').click();
    await phone.locator(`[data-testid="shop-voucher"][data-voucher-id="${voucher.id}"][data-state="claimed"]`).waitFor();

    // At checkout the claimed voucher is picked for the shop: 10% of the price, at most 2.00.
    const saving = Math.min(Math.floor(product.salePriceCents / 10), 2_00);
    await phone.goto(`${baseUrl}/mall/checkout?items=${itemId}`);
    await phone.getByTestId('checkout-seller-discount').waitFor();
    const cents = (testId: string) => centsShown(phone, testId);
    expect(await cents('checkout-seller-discount')).toBe(saving);
    expect(await cents('checkout-to-pay')).toBe(product.salePriceCents - saving);
    await phone.getByTestId('checkout-pay').click();
    await phone.getByTestId('checkout-success').waitFor();
    expect(await cents('checkout-done-seller-discount')).toBe(saving);

    // The order shows the saving, and the voucher counts one use.
    await phone.getByTestId('checkout-order').first().click();
    await phone.getByTestId('order-seller-discount').waitFor();
    expect(await cents('order-seller-discount')).toBe(saving);
    const after = await api<{ usedCount: number }>(baseUrl, 'GET', `/api/marketing/vouchers/${voucher.id}`, { authToken: seller.token });
    expect(after.usedCount).toBe(1);
  });
});
