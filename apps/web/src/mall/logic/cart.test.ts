import { describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../api/types.ts';
import { buyableIds, cartCount, lineBuyable, selectCart } from './cart.ts';

const line = (itemId: number, over: Partial<CartItem> = {}): CartItem => ({
  itemId,
  productId: itemId * 10,
  variantId: itemId * 100,
  variantName: '',
  sku: `SD-${itemId}`,
  name: `P${itemId}`,
  cover: '',
  salePriceCents: 1000,
  quantity: 1,
  stock: 5,
  available: true,
  lineCents: 1000,
  dealId: null,
  normalPriceCents: null,
  ...over,
});

const cart: Cart = {
  shops: [
    { shopId: 1, shopName: 'Sunrise', items: [line(1, { quantity: 2, lineCents: 2000 }), line(2, { available: false, stock: 0 })] },
    { shopId: 2, shopName: 'Harbor', items: [line(3, { salePriceCents: 250, lineCents: 750, quantity: 3 }), line(4, { quantity: 6, stock: 5, lineCents: 6000 })] },
    { shopId: 3, shopName: 'Empty pick', items: [line(5, { dealId: 9, normalPriceCents: 1200 })] },
  ],
  totalCents: 9750,
  dealSavingCents: 0,
};

describe('cart selection (grouped by shop)', () => {
  it('keeps the shops and lines chosen, in cart order, with each shop subtotal and the grand total', () => {
    const s = selectCart(cart, new Set([1, 3]));
    expect(s.shops.map((shop) => [shop.shopId, shop.items.map((i) => i.itemId), shop.subtotalCents])).toEqual([
      [1, [1], 2000],
      [2, [3], 750],
    ]);
    expect(s.subtotalCents).toBe(2750);
    expect(s.quantity).toBe(5);
    expect(s.items.map((i) => [i.itemId, i.shopId, i.shopName])).toEqual([
      [1, 1, 'Sunrise'],
      [3, 2, 'Harbor'],
    ]);
  });

  it('never counts an unavailable line or one above its stock, even when ticked', () => {
    const s = selectCart(cart, new Set([2, 4]));
    expect(s.items).toEqual([]);
    expect(s.shops).toEqual([]);
    expect(s.subtotalCents).toBe(0);
    expect(lineBuyable(line(9, { quantity: 6, stock: 5 }))).toBe(false);
    expect(lineBuyable(line(9, { available: false }))).toBe(false);
    expect(lineBuyable(line(9, { quantity: 5, stock: 5 }))).toBe(true);
  });

  it('"select all" ticks the buyable lines only; the badge counts every unit', () => {
    expect(buyableIds(cart)).toEqual([1, 3, 5]);
    expect(cartCount(cart)).toBe(2 + 1 + 3 + 6 + 1);
    expect(selectCart(undefined, new Set([1])).subtotalCents).toBe(0);
    expect(cartCount(undefined)).toBe(0);
  });
});
