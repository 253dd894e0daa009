import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import { DEMO, ORDERS } from '@shopdesk/shared/constants';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { REFUND_REASONS, PAYMENT_METHODS } from '@shopdesk/shared/orders/lifecycle';
import { DAY_MS } from '@shopdesk/shared/time';
import type { Db, Tx } from '../client.ts';
import { buyers, meta, notifications, orders, reviews, shopProducts, shops, twoFactors, users, warehouseProducts } from '../schema.ts';
import { packageBought } from '../../modules/ledger/money-flows.ts';
import { recordPackagePurchase } from '../../modules/packages/package-service.ts';
import { syncVipLevel } from '../../modules/rewards/reward-service.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { createRandom, type Random } from '../../lib/random.ts';
import { newOrderNo } from '../../modules/storefront/checkout-service.ts';
import { ADJECTIVES, BUYER_NAMES, BUYERS, buyerPhone, CATEGORY_PRODUCTS, COUNTRIES, REFUND_NOTES, REPLIES, replyTone } from './demo-catalog.ts';
import { seedMoneyHistory, type SeedFiles } from './seed-money.ts';
import { seedDashboardHistory } from './seed-dashboard.ts';
import { seedMallDemo } from './seed-mall.ts';
import { seedMallShelves } from './seed-mall-shelves.ts';
import { seedMallVariants } from './seed-mall-variants.ts';
import { DEMO_SEED_KEY } from './seed-markers.ts';

export const DEMO_ACCOUNTS = {
  demo: { username: DEMO.USERNAME, password: DEMO.PASSWORD, fundPassword: DEMO.FUND_PASSWORD, shopName: 'Sunrise Goods' },
  second: { username: 'seller2', password: 'seller123', fundPassword: '246810', shopName: 'Harbor Electronics' },
  operator: { username: 'operator', password: 'operator123' },
} as const;

/**
 * Seeds the demo marketplace once; answers false when it was already there. `parts.variants: false`
 * leaves out the products with variants (the marketplace as it was before variants came).
 */
export async function seedDemoMarketplace(db: Db, log?: FastifyBaseLogger, files: SeedFiles = {}, parts: { variants?: boolean } = {}): Promise<boolean> {
  const [done] = await db.select().from(meta).where(eq(meta.key, DEMO_SEED_KEY));
  if (done) {
    // A marketplace seeded before the mall gets the mall's demo data once.
    await seedMallDemo(db);
    await seedMallShelves(db, DEMO_ACCOUNTS.demo.shopName);
    if (parts.variants !== false) await seedMallVariants(db, DEMO_ACCOUNTS.demo.shopName);
    return false;
  }
  const hashes = await hashAll();
  await db.transaction(async (tx) => {
    const rnd = createRandom(20261121);
    const warehouseIds = await seedWarehouse(tx, rnd);
    const demoShopId = await seedSeller(tx, DEMO_ACCOUNTS.demo.shopName, DEMO_ACCOUNTS.demo.username, hashes.demo, hashes.demoFund, { creditScore: 92 });
    const secondShopId = await seedSeller(tx, DEMO_ACCOUNTS.second.shopName, DEMO_ACCOUNTS.second.username, hashes.second, hashes.secondFund, { creditScore: 100 });
    const [operator] = await tx
      .insert(users)
      .values({ username: DEMO_ACCOUNTS.operator.username, passwordHash: hashes.operator, role: 'operator', opsRole: 'super_admin', name: 'Platform operator' })
      .returning({ id: users.id });
    // The demo operator's second factor is enrolled with the demo key (printed at start).
    await tx.insert(twoFactors).values({ userId: operator!.id, secret: DEMO.OPERATOR_TOTP_SECRET, enabledAt: new Date() });
    const buyerIds = await seedBuyers(tx, hashes.buyer);
    const demoProducts = await seedShopProducts(tx, rnd, demoShopId, warehouseIds.slice(0, 48));
    const secondProducts = await seedShopProducts(tx, rnd, secondShopId, warehouseIds.filter((_, i) => i % 7 === 0).slice(0, 20));
    await seedOrders(tx, rnd, demoShopId, demoProducts, buyerIds, 8);
    await seedOrders(tx, rnd, secondShopId, secondProducts, buyerIds, 2);
    await seedReviews(tx, rnd, demoShopId);
    await seedReviews(tx, rnd, secondShopId);
    await seedMoneyHistory(tx, demoShopId, { depositUnits: 8_000, withPendingRequests: true }, files);
    await seedMoneyHistory(tx, secondShopId, { depositUnits: 2_000, withPendingRequests: false }, files);
    // VIP levels follow the seeded top-ups (the demo shop's 9,500 USDT is level 1, 500 short of level 2).
    await syncVipLevel(tx, demoShopId);
    await syncVipLevel(tx, secondShopId);
    // The demo shop runs an active gold package (recommending works), paid through the ledger like
    // any purchase so its history row has its statement line; the second shop has none.
    const goldBoughtAt = new Date(Date.now() - 5 * DAY_MS);
    const gold = await recordPackagePurchase(tx, demoShopId, 'gold', goldBoughtAt);
    await packageBought(tx, { id: gold.id, shopId: demoShopId, amountCents: gold.amountCents, at: goldBoughtAt });
    await seedNotifications(tx, demoShopId);
    await seedDashboardHistory(tx, rnd, demoShopId, buyerIds, { viewsPerDay: 90 });
    await seedDashboardHistory(tx, rnd, secondShopId, buyerIds, { viewsPerDay: 20 });
    await tx.insert(meta).values({ key: DEMO_SEED_KEY, value: new Date().toISOString() });
  });
  await seedMallDemo(db);
  await seedMallShelves(db, DEMO_ACCOUNTS.demo.shopName);
  if (parts.variants !== false) await seedMallVariants(db, DEMO_ACCOUNTS.demo.shopName);
  log?.info('demo marketplace seeded');
  return true;
}

async function hashAll() {
  const [demo, demoFund, second, secondFund, operator, buyer] = await Promise.all([
    hashSecret(DEMO_ACCOUNTS.demo.password),
    hashSecret(DEMO_ACCOUNTS.demo.fundPassword),
    hashSecret(DEMO_ACCOUNTS.second.password),
    hashSecret(DEMO_ACCOUNTS.second.fundPassword),
    hashSecret(DEMO_ACCOUNTS.operator.password),
    hashSecret('buyer123'),
  ]);
  return { demo, demoFund, second, secondFund, operator, buyer };
}

async function seedWarehouse(tx: Tx, rnd: Random): Promise<number[]> {
  const rows: (typeof warehouseProducts.$inferInsert)[] = [];
  for (const [category, { nouns, priceRange }] of Object.entries(CATEGORY_PRODUCTS)) {
    for (let i = 0; i < 30; i++) {
      const name = `${ADJECTIVES[Math.floor(i / nouns.length) % ADJECTIVES.length]} ${nouns[i % nouns.length]}`;
      rows.push({
        name,
        description: `${name}: a dependable ${category} pick, shipped by our supplier within 48 hours.`,
        category,
        cover: '',
        purchasePriceCents: rnd.int(priceRange[0], priceRange[1]),
        stock: rnd.int(50, 2000),
        rating: rnd.int(38, 50),
        sales: rnd.int(0, 5000),
        createdAt: new Date(Date.now() - rnd.int(1, 365) * DAY_MS),
      });
    }
  }
  const inserted = await tx.insert(warehouseProducts).values(rows).returning({ id: warehouseProducts.id });
  // One statement: each cover is the generated picture of its id (modules/products/cover-routes.ts).
  await tx.update(warehouseProducts).set({ cover: sql`'/api/catalog/covers/' || ${warehouseProducts.id} || '.svg'` });
  return inserted.map((r) => r.id);
}


async function seedSeller(tx: Tx, shopName: string, username: string, hash: string, fundHash: string, shop: { creditScore: number }) {
  const [user] = await tx
    .insert(users)
    .values({ username, passwordHash: hash, fundPasswordHash: fundHash, role: 'seller', name: shopName, email: `${username}@shopdesk.example` })
    .returning({ id: users.id });
  const [row] = await tx.insert(shops).values({ ownerUserId: user.id, name: shopName, ...shop, whatsapp: '84901234567' }).returning({ id: shops.id });
  return row.id;
}

async function seedBuyers(tx: Tx, hash: string): Promise<number[]> {
  const rows = BUYER_NAMES.map((nickname, i) => ({ username: `buyer${i + 1}`, passwordHash: hash, nickname }));
  const inserted = await tx.insert(buyers).values(rows).returning({ id: buyers.id });
  return inserted.map((r) => r.id);
}

type SeededProduct = typeof shopProducts.$inferSelect;

async function seedShopProducts(tx: Tx, rnd: Random, shopId: number, warehouseIds: number[]): Promise<SeededProduct[]> {
  const source = await tx.select().from(warehouseProducts);
  const byId = new Map(source.map((p) => [p.id, p]));
  const rows = warehouseIds.map((id, i) => {
    const w = byId.get(id)!;
    return {
      shopId,
      warehouseProductId: id,
      name: w.name,
      description: w.description,
      category: w.category,
      cover: w.cover,
      purchasePriceCents: w.purchasePriceCents,
      profitRatioBp: rnd.pick([1000, 1500, 2000, 2500, 3000]),
      stock: rnd.int(20, 500),
      views: rnd.int(50, 20000),
      rating: w.rating,
      status: (i % 9 === 8 ? 'off_sale' : 'on_sale') as 'on_sale' | 'off_sale',
      isNew: i < 12,
      isRecommended: i < 4,
      createdAt: new Date(Date.now() - rnd.int(30, 120) * DAY_MS),
    };
  });
  return tx.insert(shopProducts).values(rows).returning();
}

type OrderRow = typeof orders.$inferInsert;
type OrderState = Pick<OrderRow, 'paymentStatus' | 'purchaseStatus' | 'shippingStatus' | 'refundStatus'>;
/** What happened to a seeded order, by age: recent orders are still moving, older ones settled. */
type Story = OrderState & { refund?: 'requested' | 'approved' | 'rejected'; overdue?: boolean };

const AWAITING: OrderState = { paymentStatus: 'paid', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null };
const PURCHASED: OrderState = { paymentStatus: 'paid', purchaseStatus: 'purchased', shippingStatus: 'pending_shipment', refundStatus: null };
const IN_TRANSIT: OrderState = { ...PURCHASED, shippingStatus: 'in_transit' };
const SETTLED: OrderState = { paymentStatus: 'completed', purchaseStatus: 'purchased', shippingStatus: 'signed', refundStatus: null };
const CANCELLED: OrderState = { ...AWAITING, paymentStatus: 'cancelled' };

/** The first orders of the recent buckets tell these stories, so every status of SPEC §4 shows up. */
const FIRST_RECENT: Story[] = [AWAITING, PURCHASED, { ...AWAITING, paymentStatus: 'pending' }, { ...AWAITING, purchaseStatus: 'purchasing' }, CANCELLED, { ...AWAITING, refundStatus: 'refunding', refund: 'requested' }];
const FIRST_MIDDLE: Story[] = [
  IN_TRANSIT,
  { ...AWAITING, purchaseStatus: 'failed', overdue: true },
  { ...IN_TRANSIT, refundStatus: 'refunding', refund: 'requested' },
  { ...AWAITING, overdue: true },
  { ...IN_TRANSIT, refundStatus: 'approved', refund: 'approved' },
  SETTLED,
];

/** What happened to an order of this age (see docs/decisions.md, "Demo seed"); `seq` counts orders in its age bucket. */
function orderStory(rnd: Random, ageDays: number, seq: number): Story {
  const roll = rnd.next();
  if (ageDays < 1) {
    if (seq < FIRST_RECENT.length) return FIRST_RECENT[seq];
    if (roll < 0.5) return AWAITING;
    if (roll < 0.62) return { ...AWAITING, paymentStatus: 'pending' };
    if (roll < 0.7) return { ...AWAITING, purchaseStatus: 'purchasing' };
    if (roll < 0.76) return CANCELLED;
    if (roll < 0.82) return { ...AWAITING, refundStatus: 'refunding', refund: 'requested' };
    return PURCHASED;
  }
  if (ageDays < 5) {
    if (seq < FIRST_MIDDLE.length) return FIRST_MIDDLE[seq];
    if (roll < 0.3) return IN_TRANSIT;
    if (roll < 0.42) return PURCHASED;
    if (roll < 0.5) return { ...IN_TRANSIT, refundStatus: 'refunding', refund: 'requested' };
    if (roll < 0.55) return { ...AWAITING, purchaseStatus: 'failed', overdue: true };
    if (roll < 0.6) return { ...AWAITING, overdue: true };
    if (roll < 0.65) return CANCELLED;
    if (roll < 0.7) return { ...IN_TRANSIT, refundStatus: 'approved', refund: 'approved' };
    return SETTLED;
  }
  if (roll < 0.04) return CANCELLED;
  if (roll < 0.06) return { ...CANCELLED, refundStatus: 'approved', refund: 'approved' };
  if (roll < 0.1) return { ...SETTLED, refundStatus: 'rejected', refund: 'rejected' };
  if (ageDays < 10 && roll < 0.3) return { ...SETTLED, refundStatus: 'refunding', refund: 'requested' };
  if (ageDays >= 12 && roll < 0.14) return { ...SETTLED, refundStatus: 'approved', refund: 'approved' };
  return SETTLED;
}

async function seedOrders(tx: Tx, rnd: Random, shopId: number, products: SeededProduct[], buyerIds: number[], perDay: number) {
  const onSale = products.filter((p) => p.status === 'on_sale');
  const rows: OrderRow[] = [];
  const now = Date.now();
  const seq = { recent: 0, middle: 0, older: 0 };
  // Oldest first; the recent buckets count from their newest order, so the fixed stories land on today's and this week's.
  const planned: { createdAt: Date; product: SeededProduct; buyerId: number }[] = [];
  for (let day = 89; day >= 0; day--) {
    const count = Math.max(1, perDay + rnd.int(-3, 3));
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(now - day * DAY_MS - rnd.int(0, DAY_MS - 60_000) * (day === 0 ? 0.3 : 1));
      planned.push({ createdAt, product: rnd.pick(onSale), buyerId: rnd.pick(buyerIds) });
    }
  }
  planned.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  for (const p of planned) {
    const ageDays = (now - p.createdAt.getTime()) / DAY_MS;
    const bucket = ageDays < 1 ? 'recent' : ageDays < 5 ? 'middle' : 'older';
    rows.push(seedOrderRow(rnd, shopId, p.product, p.buyerId, buyerIds.indexOf(p.buyerId), p.createdAt, now, seq[bucket]++));
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(orders).values(rows.slice(i, i + 500));
}

function seedOrderRow(rnd: Random, shopId: number, product: SeededProduct, buyerId: number, buyerIndex: number, createdAt: Date, now: number, seq: number): OrderRow {
  const ageDays = (now - createdAt.getTime()) / DAY_MS;
  const quantity = rnd.chance(0.8) ? 1 : rnd.int(2, 4);
  const pricing = priceProduct({ ...product, discountRatioBp: 0, discountStart: null, discountEnd: null });
  const { refund, overdue, ...state } = orderStory(rnd, ageDays, seq);
  // Every seeded moment lies in the past, at least a minute ago.
  const at = (hours: number) => new Date(Math.min(createdAt.getTime() + hours * 3600_000, now - 60_000));
  const paid = state.paymentStatus !== 'pending';
  const purchased = state.purchaseStatus === 'purchased';
  const purchaseTime = purchased ? at(rnd.int(1, 20)) : null;
  const shippedTime = purchased && state.shippingStatus !== 'pending_shipment' ? at(rnd.int(22, 40)) : null;
  const signedTime = state.shippingStatus === 'signed' ? at(rnd.int(72, 120)) : null;
  const lastMove = (signedTime ?? shippedTime ?? purchaseTime ?? createdAt).getTime();
  const refundRequestTime = refund ? new Date(Math.min(lastMove + rnd.int(1, 48) * 3600_000, now - 120_000)) : null;
  const refundTime = refund === 'approved' || refund === 'rejected' ? new Date(Math.min(refundRequestTime!.getTime() + rnd.int(2, 30) * 3600_000, now - 60_000)) : null;
  const deadline = new Date(createdAt.getTime() + ORDERS.PURCHASE_DEADLINE_HOURS * 3600_000);
  const buyer = BUYERS[buyerIndex];
  // The same number format as a buyer's checkout (newOrderNo), drawn from the seed's own random source.
  const orderNo = newOrderNo(shopId, createdAt, (max) => rnd.int(0, max - 1));
  const receiverAddress = rnd.pick(COUNTRIES[buyer.country].streets);
  const refundReason = refund ? rnd.pick(REFUND_REASONS) : null;
  return {
    orderNo,
    shopId,
    buyerId,
    shopProductId: product.id,
    productName: product.name,
    productImage: product.cover,
    quantity,
    unitPriceCents: pricing.salePriceCents,
    amountCents: pricing.salePriceCents * quantity,
    purchaseAmountCents: product.purchasePriceCents * quantity,
    profitCents: pricing.profitCents * quantity,
    paymentMethod: rnd.pick(PAYMENT_METHODS),
    // The buyer receives their own parcels: their name, their phone, an address in their country.
    receiverName: buyer.name,
    receiverPhone: buyerPhone(buyerIndex),
    receiverAddress,
    ...state,
    refundReason,
    refundNote: refundReason ? rnd.pick(REFUND_NOTES[refundReason]) : null,
    refundRejectReason: refund === 'rejected' ? 'The photos show the item was used; this is not covered by the return policy.' : null,
    refundRequestTime,
    refundTime,
    createdAt,
    payTime: paid ? at(0.05) : null,
    purchaseTime,
    shippedTime,
    signedTime,
    cancelTime: state.paymentStatus === 'cancelled' ? (refundTime ?? at(0.5)) : null,
    purchaseDeadline: deadline,
    // Late orders of the history were penalized when their deadline passed (the shop's credit score already reflects it).
    overtimePenalizedAt: overdue ? new Date(deadline.getTime() + 60_000) : null,
  };
}


const REVIEW_TEXTS: Record<number, string[]> = {
  5: ['Excellent quality, exactly as described. Fast delivery!', 'Love it! Will buy again from this shop.', 'Great value for the price, well packed.'],
  4: ['Good product, delivery took a bit longer than expected.', 'Works well. Packaging could be better.'],
  3: ['It is okay for the price.', 'Average quality, does the job.'],
  2: ['Smaller than I expected.', 'Colour is different from the photos.'],
  1: ['Stopped working after two days.', 'Not as described, disappointed.'],
};

/** Reviews on about 40% of the signed orders, half of them answered; product ratings follow them. */
async function seedReviews(tx: Tx, rnd: Random, shopId: number) {
  const signed = await tx
    .select({ id: orders.id, buyerId: orders.buyerId, shopProductId: orders.shopProductId, signedTime: orders.signedTime, productImage: orders.productImage })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.shippingStatus, 'signed')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const now = Date.now();
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const o of signed) {
    if (!rnd.chance(0.4) || !o.signedTime) continue;
    const rating = rnd.pick([5, 5, 5, 5, 4, 4, 4, 3, 2, 1]);
    const createdAt = new Date(Math.min(o.signedTime.getTime() + rnd.int(2, 48) * 3600_000, now - 60_000));
    const replied = rnd.chance(0.5);
    rows.push({
      shopId,
      orderId: o.id,
      shopProductId: o.shopProductId,
      buyerId: o.buyerId,
      rating,
      content: rnd.pick(REVIEW_TEXTS[rating]),
      images: rnd.chance(0.25) ? [o.productImage] : [],
      reply: replied ? rnd.pick(REPLIES[replyTone(rating)]) : null,
      replyTime: replied ? new Date(Math.min(createdAt.getTime() + rnd.int(1, 24) * 3600_000, now - 30_000)) : null,
      createdAt,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(reviews).values(rows.slice(i, i + 500));
  // Ratings from the reviews; total sales from the orders that were paid and not refunded.
  await tx.execute(sql`
    update shop_products sp set rating_x10 = sub.r
    from (select shop_product_id, round(avg(rating) * 10)::integer as r from reviews where shop_id = ${shopId}::integer and shop_product_id is not null group by 1) sub
    where sp.id = sub.shop_product_id`);
  await tx.execute(sql`
    update shop_products sp set total_sales = sub.q
    from (select shop_product_id, sum(quantity)::integer as q from orders
          where shop_id = ${shopId}::integer and payment_status in ('paid', 'completed') and refund_status is distinct from 'approved' and shop_product_id is not null
          group by 1) sub
    where sp.id = sub.shop_product_id`);
}

async function seedNotifications(tx: Tx, shopId: number) {
  const pendingOrders = await tx.select({ orderNo: orders.orderNo, refund: orders.refundStatus, payment: orders.paymentStatus, purchase: orders.purchaseStatus }).from(orders).where(eq(orders.shopId, shopId));
  const newOrders = pendingOrders.filter((o) => o.payment === 'paid' && o.purchase === 'to_purchase').slice(0, 3);
  const refunds = pendingOrders.filter((o) => o.refund === 'refunding').slice(0, 2);
  const rows = [
    ...newOrders.map((o) => ({ shopId, title: NOTIFICATION_TITLE.NEW_ORDER, content: NOTIFICATION_CONTENT.NEW_ORDER, orderNo: o.orderNo })),
    ...refunds.map((o) => ({ shopId, title: NOTIFICATION_TITLE.REFUND_REQUEST, content: NOTIFICATION_CONTENT.REFUND_REQUEST, orderNo: o.orderNo })),
  ];
  if (rows.length) await tx.insert(notifications).values(rows);
}
