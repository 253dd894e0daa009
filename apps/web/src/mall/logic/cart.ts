import type { Cart, CartItem, CartShop } from '../api/types.ts';

export interface CartSelection {
  /** The lines that will be bought: selected, available and within stock. */
  items: (CartItem & { shopId: number; shopName: string })[];
  /** The selected shops with their chosen lines, in cart order: the orders the checkout will create. */
  shops: (CartShop & { subtotalCents: number })[];
  subtotalCents: number;
  /** What the flash deals take off the chosen lines (already out of the subtotal). */
  dealSavingCents: number;
  quantity: number;
}

/** A line can be bought when it is on sale with stock, and its quantity fits the stock. */
export function lineBuyable(item: CartItem): boolean {
  return item.available && item.stock > 0 && item.quantity <= item.stock;
}

/**
 * The part of a cart being checked out, grouped by shop: unavailable lines never count, even when
 * still ticked, and the subtotal is the sum of the server's line amounts.
 */
export function selectCart(cart: Cart | undefined, selected: ReadonlySet<number>): CartSelection {
  const shops: CartSelection['shops'] = [];
  const items: CartSelection['items'] = [];
  let subtotalCents = 0;
  let dealSavingCents = 0;
  let quantity = 0;
  for (const shop of cart?.shops ?? []) {
    const chosen = shop.items.filter((item) => selected.has(item.itemId) && lineBuyable(item));
    if (chosen.length === 0) continue;
    const shopSubtotal = chosen.reduce((sum, item) => sum + item.lineCents, 0);
    shops.push({ ...shop, items: chosen, subtotalCents: shopSubtotal });
    for (const item of chosen) {
      items.push({ ...item, shopId: shop.shopId, shopName: shop.shopName });
      quantity += item.quantity;
      if (item.normalPriceCents !== null) dealSavingCents += (item.normalPriceCents - item.salePriceCents) * item.quantity;
    }
    subtotalCents += shopSubtotal;
  }
  return { items, shops, subtotalCents, dealSavingCents, quantity };
}

/** Every buyable line of the cart (what "select all" ticks). */
export function buyableIds(cart: Cart | undefined): number[] {
  return (cart?.shops ?? []).flatMap((shop) => shop.items.filter(lineBuyable).map((item) => item.itemId));
}

/** How many units a cart holds (the badge on the cart tab). */
export function cartCount(cart: Cart | undefined): number {
  return (cart?.shops ?? []).reduce((sum, shop) => sum + shop.items.reduce((s, item) => s + item.quantity, 0), 0);
}
