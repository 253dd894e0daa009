import type { Page } from 'playwright-core';
import { DEMO_FUND_PASSWORD } from './wallet.ts';

/** API helpers of the orders and catalog browser tests: the demo seller's and a buyer's sessions. */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function api<T>(baseUrl: string, method: 'GET' | 'POST', pathName: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${pathName} answered ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

export async function sellerSession(baseUrl: string, username = 'demo', password = 'demo123'): Promise<{ token: string; shopId: number }> {
  const data = await api<{ token: string; shopId: number }>(baseUrl, 'POST', '/api/sellAuth/login', {}, { username, password: b64(password) });
  return { token: data.token, shopId: data.shopId };
}

export async function buyerToken(baseUrl: string, username: string): Promise<string> {
  const data = await api<{ buyerToken: string }>(baseUrl, 'POST', '/api/buyer/login', {}, { username, password: b64('buyer123') });
  return data.buyerToken;
}

interface ProductRow {
  id: number;
  name: string;
  status: string;
  stock: number;
  profitRatio: number;
  priceCents: number;
}

/** A buyer pays for one unit of a shop product (of one of its variants) through the buyer API; answers the new order's id. */
export async function buyerCheckout(baseUrl: string, token: string, shopId: number, shopProductId: number, variantId?: number): Promise<string> {
  const order = await api<{ orderId?: string }>(
    baseUrl,
    'POST',
    '/api/buyer/checkout',
    { buyerToken: token, 'Idempotency-Key': crypto.randomUUID() },
    {
      shopId,
      shopProductId,
      variantId,
      quantity: 1,
      receiverName: 'E2E Receiver',
      // Not the seeded shops' WhatsApp number: a shop cannot be its own buyer.
      receiverPhone: '+84912345678',
      receiverAddress: '12 Test Street, District 1, Ho Chi Minh City',
      paymentMethod: 'balance',
    },
  );
  if (!order.orderId) throw new Error(`checkout answered no order number: ${JSON.stringify(order)}`);
  return order.orderId;
}

/** A buyer orders one unit of an on-sale product of the shop: a fresh order waiting for purchase. */
export async function placeOrder(baseUrl: string, seller: { token: string; shopId: number }, buyer = 'buyer7'): Promise<{ orderId: string; purchaseAmountCents: number }> {
  const products = await api<{ list: ProductRow[] }>(baseUrl, 'GET', '/api/product/list?status=on_sale&pageSize=50', { authToken: seller.token });
  const product = products.list.find((p) => p.stock > 5);
  if (!product) throw new Error('no on-sale product with stock');
  const orderId = await buyerCheckout(baseUrl, await buyerToken(baseUrl, buyer), seller.shopId, product.id);
  const detail = await orderDetail(baseUrl, seller.token, orderId);
  return { orderId, purchaseAmountCents: detail.purchaseAmountCents };
}

/** The seller buys the stock of paid orders with the demo shops' fund password: they wait for the carrier next. */
export async function purchaseStock(baseUrl: string, token: string, orderIds: string[]): Promise<void> {
  await api(baseUrl, 'POST', '/api/order/purchaseOrder', { authToken: token, 'Idempotency-Key': crypto.randomUUID() }, { orderIds, fundPassword: b64(DEMO_FUND_PASSWORD) });
}

export async function availableCents(baseUrl: string, token: string): Promise<number> {
  const data = await api<{ availableCents: number }>(baseUrl, 'GET', '/api/order/getAccountBalance', { authToken: token });
  return data.availableCents;
}

export async function pendingCount(baseUrl: string, token: string): Promise<number> {
  return api<number>(baseUrl, 'GET', '/api/order/getPurchaseOrderCount', { authToken: token });
}

export async function orderDetail(baseUrl: string, token: string, orderId: string) {
  return api<{ purchaseStatus: string; refundStatus: string | null; purchaseAmountCents: number; awaitingPurchase: boolean }>(
    baseUrl,
    'GET',
    `/api/order/getOrderDetail?orderId=${encodeURIComponent(orderId)}`,
    { authToken: token },
  );
}

export async function productDetail(baseUrl: string, token: string, id: number): Promise<ProductRow> {
  return api<ProductRow>(baseUrl, 'GET', `/api/product/detail?id=${id}`, { authToken: token });
}

/** The sidebar's pending-order badge count (its title holds the uncapped number). */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('orders-badge').locator('.ant-scroll-number');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().getAttribute('title')) ?? '0');
}

/** The phone's orders tab badge ("" when none). */
export async function phoneOrdersBadge(page: Page): Promise<string> {
  const badge = page.getByTestId('m-tabbar').locator('.adm-tab-bar-item').nth(2).locator('.adm-badge-content');
  return (await badge.count()) ? ((await badge.textContent()) ?? '') : '';
}

/** The first number shown inside a test id (a Statistic or a phone cell), NaN without one. */
export async function numberIn(page: Page, testId: string): Promise<number> {
  const locator = page.getByTestId(testId);
  await locator.waitFor();
  const text = (await locator.textContent()) ?? '';
  const match = /\d[\d,.\s]*/.exec(text);
  return match ? Number(match[0].replace(/[^\d]/g, '')) : NaN;
}

/**
 * Starts the page's notification stream (SPEC §4: it waits for the first interaction) with a click
 * or a tap where nothing reacts, and waits until it is open.
 */
export async function openStream(page: Page, device: 'desktop' | 'phone'): Promise<void> {
  if (device === 'desktop') await page.locator('.desktop-header').click({ position: { x: 600, y: 20 } });
  else await page.touchscreen.tap(195, 20);
  await page.waitForFunction(() => document.documentElement.dataset.notificationStream === 'open', undefined, { timeout: 15_000 });
}


/** A T-shirt of the demo shop with Colour × Size variants, made for one test or screenshot run. */
export interface VariantProduct {
  warehouseId: number;
  productId: number;
  name: string;
  variants: { id: number; name: string; sku: string }[];
}

const COLOURS = ['Blue', 'Black'];
const SIZES = ['M', 'L'];

/**
 * A warehouse product of its own with Blue/Black × M/L variants (3 of each), put in the seller's
 * shop on sale: no other test counts it. `removeVariantProduct` takes it out again.
 */
export async function addVariantProduct(baseUrl: string, seller: { token: string }, operatorToken: string): Promise<VariantProduct> {
  const tag = Date.now().toString(36).toUpperCase();
  const operator = { authToken: operatorToken };
  const name = `Variant Tee ${tag}`;
  const warehouse = await api<{ id: number }>(baseUrl, 'POST', '/api/ops/warehouse', operator, { name, description: 'A cotton T-shirt in two colours and two sizes.', category: 'clothing', purchasePriceCents: 9_00, stock: 12 });
  await api(baseUrl, 'POST', `/api/ops/warehouse/${warehouse.id}/variants`, operator, {
    options: [
      { name: 'Colour', values: COLOURS },
      { name: 'Size', values: SIZES },
    ],
    variants: COLOURS.flatMap((colour) => SIZES.map((size) => ({ sku: `E2E-${tag}-${colour}-${size}`.toUpperCase(), optionValues: [colour, size], purchasePriceCents: 9_00, suggestedPriceCents: 15_00, stock: 3 }))),
  });
  const added = await api<{ results: { productId: number }[] }>(baseUrl, 'POST', '/api/product/batchAdd', { authToken: seller.token }, { warehouseProductIds: [warehouse.id], profitRatio: 20 });
  const productId = added.results[0]!.productId;
  const product = await api<{ variants: VariantProduct['variants'] }>(baseUrl, 'GET', `/api/product/detail?id=${productId}`, { authToken: seller.token });
  return { warehouseId: warehouse.id, productId, name, variants: product.variants };
}

/**
 * Puts the shop back after `addVariantProduct`: a waiting refund of `orderIds` approved (the money
 * returns), the product out of the shop and the warehouse product inactive, so later tests that pick
 * on-sale products never meet it.
 */
export async function removeVariantProduct(baseUrl: string, seller: { token: string }, operatorToken: string, product: Pick<VariantProduct, 'warehouseId' | 'productId'>, orderIds: string[]): Promise<void> {
  const auth = { authToken: seller.token };
  for (const orderId of orderIds) {
    if ((await orderDetail(baseUrl, seller.token, orderId)).refundStatus === 'refunding') {
      await api(baseUrl, 'POST', '/api/order/refundDecision', { ...auth, 'Idempotency-Key': crypto.randomUUID() }, { orderId, approve: true });
    }
  }
  await api(baseUrl, 'POST', '/api/product/batchDelete', auth, { ids: [product.productId] });
  await api(baseUrl, 'POST', `/api/ops/warehouse/${product.warehouseId}`, { authToken: operatorToken }, { active: false });
}
