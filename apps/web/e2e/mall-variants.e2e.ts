import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp } from './support/mall.ts';

/**
 * A buyer picks a variant of the demo T-shirt (colour × size): a sold-out combination is marked,
 * price, stock and picture follow the choice, two variants make two cart lines, the checkout of one
 * records its variant, and the seller's order shows the same name and SKU; "buy now" takes the chosen variant.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface Variant {
  id: number;
  name: string;
  salePriceCents: number;
  stock: number;
  image: string | null;
  inStock: boolean;
}
interface CartAnswer {
  shops: { items: { itemId: number; productId: number; variantName: string; sku: string; quantity: number }[] }[];
}

/** The cents of an amount shown as "1,234.56 USDT" (en-US). */
function centsOfText(text: string | null): number {
  const match = /-?[\d,]+\.\d{2}/.exec(text ?? '');
  return match ? Math.round(Number(match[0].replace(/,/g, '')) * 100) : NaN;
}

describe('the mall variant picker', () => {
  it('sells the chosen variant: sold out marked, price and picture follow, two lines, "Blue, M" on the order', async () => {
    const found = await api<{ list: { productId: number; name: string }[] }>(baseUrl, 'GET', '/api/mall/products?keyword=Crew-Neck&pageSize=5', {});
    const tee = found.list.find((c) => c.name === 'Everyday Crew-Neck T-Shirt');
    if (!tee) throw new Error('the demo T-shirt with variants is not in the mall');
    const detail = await api<{ variants: Variant[] }>(baseUrl, 'GET', `/api/buyer/products/${tee.productId}`, {});
    const blueM = detail.variants.find((v) => v.name === 'Blue, M')!;
    const prices = detail.variants.map((v) => v.salePriceCents);

    const buyer = await registerBuyer(baseUrl, 'var');
    await topUp(baseUrl, buyer, 50_000);
    await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Nina Park', phone: '+66 81 234 5678', area: 'Bangkok', address: '88 Sukhumvit Rd, Khlong Toei', isDefault: true });
    const context = await launch('desktop');
    contexts.push(context);
    await signInMall(context, buyer);
    const page = context.pages()[0] ?? (await context.newPage());
    const cart = () => api<CartAnswer>(baseUrl, 'GET', '/api/buyer/cart', buyerHeaders(buyer));

    await page.goto(`${baseUrl}/mall/product/${tee.productId}`);
    const picker = page.getByTestId('variant-picker');
    await picker.waitFor();
    const axis = (name: string) => picker.locator(`[data-testid="variant-axis"][data-axis="${name}"]`);
    const chip = (axisName: string, value: string) => axis(axisName).locator(`[data-value="${value}"]`);
    const price = page.getByTestId('product-price').getByTestId('price-now');
    // Before a full choice: the price range, and "add to cart" only names the axes still open.
    expect(await price.textContent()).toContain(`${(Math.min(...prices) / 100).toFixed(2)}`);
    expect(await price.textContent()).toContain(`${(Math.max(...prices) / 100).toFixed(2)}`);
    await page.getByTestId('add-to-cart').click();
    expect(await page.getByTestId('variant-missing').textContent()).toBe('Please choose Colour and Size');
    expect((await cart()).shops).toEqual([]);

    // White: size S is sold out (still shown, struck, not picked); a press on it changes nothing.
    await chip('Colour', 'White').click();
    expect(await chip('Colour', 'White').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => chip('Size', 'S').getAttribute('data-sold-out')).toBe('true');
    expect(await chip('Size', 'S').getAttribute('aria-disabled')).toBe('true');
    expect(await chip('Size', 'S').textContent()).toContain('Sold out');
    // Forced: Playwright itself holds back from an aria-disabled element, a person's click does not.
    await chip('Size', 'S').click({ force: true });
    expect(await chip('Size', 'S').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('add-to-cart').click();
    expect(await page.getByTestId('variant-missing').textContent()).toBe('Please choose Size');

    // The keyboard moves within a group like radios: White → (wraps to) Blue.
    await chip('Colour', 'White').focus();
    await page.keyboard.press('ArrowRight');
    expect(await chip('Colour', 'Blue').getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-value'))).toBe('Blue');
    await chip('Size', 'M').click();
    expect(await chip('Size', 'M').getAttribute('aria-checked')).toBe('true');
    // Price, stock and picture follow Blue, M.
    await expect.poll(async () => centsOfText(await price.textContent())).toBe(blueM.salePriceCents);
    expect(await page.getByTestId('product-stock').textContent()).toBe(`${blueM.stock} in stock`);
    expect(await page.getByTestId('mall-gallery-main').locator('img').getAttribute('src')).toBe(blueM.image);
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('mall-toast').waitFor();

    // A second variant of the same product: a line of its own.
    await chip('Colour', 'Black').click();
    await chip('Size', 'S').click();
    await page.getByTestId('add-to-cart').click();
    await expect.poll(async () => (await cart()).shops.flatMap((s) => s.items.map((i) => i.variantName)).sort()).toEqual(['Black, S', 'Blue, M']);

    // The cart shows each line's variant; only Blue, M is checked out.
    await page.goto(`${baseUrl}/mall/cart`);
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect((await page.getByTestId('cart-variant').allTextContents()).sort()).toEqual(['Black, S', 'Blue, M']);
    await page.getByRole('checkbox', { name: 'Select Everyday Crew-Neck T-Shirt (Black, S)' }).uncheck();
    await page.getByTestId('cart-checkout').click();
    await page.getByTestId('checkout-pay').waitFor();
    expect(await page.getByTestId('checkout-variant').allTextContents()).toEqual(['Blue, M']);
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.getByTestId('checkout-order').textContent()).toContain('Everyday Crew-Neck T-Shirt (Blue, M)');
    const orderId = decodeURIComponent((await page.getByTestId('checkout-order').getAttribute('href'))!.split('/').pop()!);

    // The order page shows the variant and its SKU; the order list the variant.
    await page.getByTestId('checkout-order').click();
    await page.getByTestId('order-variant').waitFor();
    expect(await page.getByTestId('order-variant').textContent()).toBe('Blue, M');
    expect(await page.getByTestId('order-sku').textContent()).toBe('SKU TEE-BLU-M');
    await page.goto(`${baseUrl}/mall/orders`);
    await page.getByTestId('order-card').filter({ hasText: orderId }).getByTestId('order-variant').waitFor();
    expect(await page.getByTestId('order-card').filter({ hasText: orderId }).getByTestId('order-variant').textContent()).toBe('Blue, M');
    // The other line stays in the cart.
    expect((await cart()).shops.flatMap((s) => s.items.map((i) => i.variantName))).toEqual(['Black, S']);

    // "Buy now" with a choice opens the checkout with that variant's line alone.
    await page.goto(`${baseUrl}/mall/product/${tee.productId}`);
    await picker.waitFor();
    await chip('Colour', 'White').click();
    await chip('Size', 'L').click();
    await page.getByTestId('buy-now').click();
    await page.getByTestId('checkout-pay').waitFor();
    expect(await page.getByTestId('checkout-variant').allTextContents()).toEqual(['White, L']);

    // The seller's order records the same variant and SKU.
    const seller = await sellerSession(baseUrl);
    const sellerOrder = await api<{ productName: string; variantName: string; sku: string }>(baseUrl, 'GET', `/api/order/getOrderDetail?orderId=${encodeURIComponent(orderId)}`, { authToken: seller.token });
    expect(sellerOrder).toMatchObject({ productName: 'Everyday Crew-Neck T-Shirt', variantName: 'Blue, M', sku: 'TEE-BLU-M' });
  });
});
