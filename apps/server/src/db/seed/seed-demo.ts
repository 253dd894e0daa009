import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { priceProduct } from '@shopdesk/shared/catalog/pricing';
import { DEMO, ORDERS } from '@shopdesk/shared/constants';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications';
import { REFUND_REASONS, PAYMENT_METHODS } from '@shopdesk/shared/orders/statuses';
import type { Db, Tx } from '../client.ts';
import { buyers, meta, notifications, orders, shopProducts, shops, users, warehouseProducts } from '../schema.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { createRandom, type Random } from '../../lib/random.ts';
import { ADJECTIVES, BUYER_NAMES, CATEGORY_PRODUCTS, STREETS } from './demo-catalog.ts';
import { seedMoneyHistory } from './seed-money.ts';

const SEED_KEY = 'demo_seed_v1';
const DAY_MS = 24 * 3600 * 1000;

export const DEMO_ACCOUNTS = {
  demo: { username: DEMO.USERNAME, password: DEMO.PASSWORD, fundPassword: DEMO.FUND_PASSWORD, shopName: 'Sunrise Goods' },
  second: { username: 'seller2', password: 'seller123', fundPassword: '246810', shopName: 'Harbor Electronics' },
  operator: { username: 'operator', password: 'operator123' },
} as const;

/** Seeds the demo marketplace once; answers false when it was already there. */
export async function seedDemoMarketplace(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  const [done] = await db.select().from(meta).where(eq(meta.key, SEED_KEY));
  if (done) return false;
  const hashes = await hashAll();
  await db.transaction(async (tx) => {
    const rnd = createRandom(20261121);
    const warehouseIds = await seedWarehouse(tx, rnd);
    const demoShopId = await seedSeller(tx, DEMO_ACCOUNTS.demo.shopName, DEMO_ACCOUNTS.demo.username, hashes.demo, hashes.demoFund, { vipLevel: 2, creditScore: 92 });
    const secondShopId = await seedSeller(tx, DEMO_ACCOUNTS.second.shopName, DEMO_ACCOUNTS.second.username, hashes.second, hashes.secondFund, { vipLevel: 0, creditScore: 100 });
    await tx.insert(users).values({ username: DEMO_ACCOUNTS.operator.username, passwordHash: hashes.operator, role: 'operator', name: 'Platform operator' });
    const buyerIds = await seedBuyers(tx, hashes.buyer);
    const demoProducts = await seedShopProducts(tx, rnd, demoShopId, warehouseIds.slice(0, 48));
    const secondProducts = await seedShopProducts(tx, rnd, secondShopId, warehouseIds.filter((_, i) => i % 7 === 0).slice(0, 20));
    await seedOrders(tx, rnd, demoShopId, demoProducts, buyerIds, 8);
    await seedOrders(tx, rnd, secondShopId, secondProducts, buyerIds, 2);
    await seedMoneyHistory(tx, demoShopId, { depositUnits: 8_000, withPendingRequests: true });
    await seedMoneyHistory(tx, secondShopId, { depositUnits: 2_000, withPendingRequests: false });
    await seedNotifications(tx, demoShopId);
    await tx.insert(meta).values({ key: SEED_KEY, value: new Date().toISOString() });
  });
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
  for (const { id } of inserted) {
    await tx.update(warehouseProducts).set({ cover: coverUrl(id) }).where(eq(warehouseProducts.id, id));
  }
  return inserted.map((r) => r.id);
}

export const coverUrl = (warehouseProductId: number) => `/api/catalog/covers/${warehouseProductId}.svg`;

async function seedSeller(tx: Tx, shopName: string, username: string, hash: string, fundHash: string, shop: { vipLevel: number; creditScore: number }) {
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

type OrderState = Pick<typeof orders.$inferInsert, 'paymentStatus' | 'purchaseStatus' | 'shippingStatus' | 'refundStatus'>;

/** The status mix of the seeded history, by age: recent orders are still moving, older ones settled. */
function orderState(rnd: Random, ageDays: number): OrderState {
  const settled: OrderState = { paymentStatus: 'completed', purchaseStatus: 'purchased', shippingStatus: 'signed', refundStatus: null };
  const roll = rnd.next();
  if (ageDays < 1) {
    if (roll < 0.55) return { paymentStatus: 'paid', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null };
    if (roll < 0.7) return { paymentStatus: 'pending', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null };
    if (roll < 0.8) return { paymentStatus: 'paid', purchaseStatus: 'purchasing', shippingStatus: 'pending_shipment', refundStatus: null };
    return { paymentStatus: 'paid', purchaseStatus: 'purchased', shippingStatus: 'pending_shipment', refundStatus: null };
  }
  if (ageDays < 5) {
    if (roll < 0.35) return { paymentStatus: 'paid', purchaseStatus: 'purchased', shippingStatus: 'in_transit', refundStatus: null };
    if (roll < 0.5) return { paymentStatus: 'paid', purchaseStatus: 'purchased', shippingStatus: 'pending_shipment', refundStatus: null };
    if (roll < 0.6) return { paymentStatus: 'paid', purchaseStatus: 'purchased', shippingStatus: 'in_transit', refundStatus: 'refunding' };
    if (roll < 0.65) return { paymentStatus: 'paid', purchaseStatus: 'failed', shippingStatus: 'pending_shipment', refundStatus: null };
    if (roll < 0.7) return { paymentStatus: 'cancelled', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null };
    return settled;
  }
  if (roll < 0.05) return { paymentStatus: 'cancelled', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null };
  if (roll < 0.09) return { ...settled, paymentStatus: 'paid', refundStatus: 'approved' };
  if (roll < 0.12) return { ...settled, refundStatus: 'rejected' };
  return settled;
}

async function seedOrders(tx: Tx, rnd: Random, shopId: number, products: SeededProduct[], buyerIds: number[], perDay: number) {
  const onSale = products.filter((p) => p.status === 'on_sale');
  const rows: (typeof orders.$inferInsert)[] = [];
  const now = Date.now();
  for (let day = 89; day >= 0; day--) {
    const count = Math.max(1, perDay + rnd.int(-3, 3));
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(now - day * DAY_MS - rnd.int(0, DAY_MS - 60_000) * (day === 0 ? 0.3 : 1));
      rows.push(seedOrderRow(rnd, shopId, rnd.pick(onSale), rnd.pick(buyerIds), createdAt, (now - createdAt.getTime()) / DAY_MS));
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(orders).values(rows.slice(i, i + 500));
}

function seedOrderRow(rnd: Random, shopId: number, product: SeededProduct, buyerId: number, createdAt: Date, ageDays: number) {
  const quantity = rnd.chance(0.8) ? 1 : rnd.int(2, 4);
  const pricing = priceProduct({ ...product, discountRatioBp: 0, discountStart: null, discountEnd: null });
  const state = orderState(rnd, ageDays);
  const paid = state.paymentStatus !== 'pending';
  const purchased = state.purchaseStatus === 'purchased';
  const hours = (h: number) => new Date(createdAt.getTime() + h * 3600_000);
  const buyerIndex = buyerId % BUYER_NAMES.length;
  return {
    orderNo: `SD${createdAt.toISOString().slice(2, 10).replace(/-/g, '')}${String(shopId).padStart(3, '0')}${String(rnd.int(0, 999999)).padStart(6, '0')}`,
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
    receiverName: BUYER_NAMES[buyerIndex],
    receiverPhone: `+84 9${String(10_000_000 + buyerId * 7919).slice(0, 8)}`,
    receiverAddress: rnd.pick(STREETS),
    ...state,
    refundReason: state.refundStatus ? rnd.pick(REFUND_REASONS) : null,
    refundNote: state.refundStatus ? 'The item did not match the photos.' : null,
    refundTime: state.refundStatus ? hours(48) : null,
    createdAt,
    payTime: paid ? hours(0.05) : null,
    purchaseTime: purchased ? hours(rnd.int(1, 20)) : null,
    purchaseDeadline: hours(ORDERS.PURCHASE_DEADLINE_HOURS),
    signedTime: state.shippingStatus === 'signed' ? hours(rnd.int(72, 120)) : null,
  };
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
