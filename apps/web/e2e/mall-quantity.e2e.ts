import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, type MallBuyer } from './support/mall.ts';

/**
 * The mall's quantity box, typed into as a buyer types: a cleared box stays empty until it loses
 * focus (then it holds the minimum), and "1" typed into a cleared box is 1, never 11 — on the
 * product page (what goes into the cart) and on a cart line (what the cart keeps).
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface Card {
  productId: number;
  stock: number;
}

interface Cart {
  shops: { items: { itemId: number; productId: number; quantity: number }[] }[];
}

async function cartQuantity(buyer: MallBuyer, productId: number): Promise<number | undefined> {
  const cart = await api<Cart>(baseUrl, 'GET', '/api/buyer/cart', buyerHeaders(buyer));
  return cart.shops.flatMap((s) => s.items).find((item) => item.productId === productId)?.quantity;
}

/** Empties the box the way a person does: select everything, then Backspace. */
async function clear(box: Locator) {
  await box.click();
  await box.press('ControlOrMeta+A');
  await box.press('Backspace');
}

describe('the mall quantity box', () => {
  it.each(['phone', 'desktop'] as const)('keeps what is typed on the %s: clear → empty until blur, clear + "1" → 1', async (device) => {
    const listed = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = listed.list.find((c) => c.stock >= 20);
    if (!product) throw new Error('no mall product with 20 in stock');
    const buyer = await registerBuyer(baseUrl, 'qty');
    const context = await launch(device);
    contexts.push(context);
    await signInMall(context, buyer);
    const page = context.pages()[0] ?? (await context.newPage());

    await page.goto(`${baseUrl}/mall/product/${product.productId}`);
    const box = page.getByTestId('product-quantity').locator('input');
    await box.waitFor();
    await expect.poll(() => box.inputValue()).toBe('1');

    // Cleared, the box stays empty while it has the focus…
    await clear(box);
    await page.waitForTimeout(300);
    expect(await box.inputValue()).toBe('');
    // …and holds the minimum once it loses it.
    await box.press('Tab');
    await expect.poll(() => box.inputValue()).toBe('1');

    // 3 typed over the selection, then cleared and "1" typed: 1, not 11 or 31.
    await clear(box);
    await box.pressSequentially('3');
    expect(await box.inputValue()).toBe('3');
    await clear(box);
    await box.pressSequentially('1');
    expect(await box.inputValue()).toBe('1');
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('mall-toast').waitFor();
    await expect.poll(() => cartQuantity(buyer, product.productId)).toBe(1);

    // "12" typed into a cleared box is 12; letters are dropped; above the limit it holds the limit.
    await clear(box);
    await box.pressSequentially('1x2');
    expect(await box.inputValue()).toBe('12');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('12');
    await clear(box);
    await box.pressSequentially('999');
    await box.press('Tab');
    const limit = String(Math.min(product.stock, 99));
    await expect.poll(() => box.inputValue()).toBe(limit);

    // A cart line: cleared and "2" typed is 2 in the cart; cleared and left empty is 1.
    await page.goto(`${baseUrl}/mall/cart`);
    const line = page.getByTestId('cart-line').locator('.mall-stepper input');
    await line.waitFor();
    await expect.poll(() => line.inputValue()).toBe('1');
    await clear(line);
    await page.waitForTimeout(300);
    expect(await line.inputValue()).toBe('');
    expect(await cartQuantity(buyer, product.productId)).toBe(1);
    await line.pressSequentially('2');
    await line.press('Tab');
    await expect.poll(() => cartQuantity(buyer, product.productId)).toBe(2);
    await expect.poll(() => line.inputValue()).toBe('2');
    await clear(line);
    await line.press('Tab');
    await expect.poll(() => cartQuantity(buyer, product.productId)).toBe(1);
    await expect.poll(() => line.inputValue()).toBe('1');
  });
});
