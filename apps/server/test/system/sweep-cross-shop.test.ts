/**
 * Standing guard: every operation of the OpenAPI document, called as another shop's
 * seller, another buyer and without a token, with the ids of the first shop (its orders, products,
 * reviews, deposits, withdrawals, notifications, users, couple requests, logo…). No answer may be a
 * 5xx, reveal the first shop's data, tell its objects apart from objects that do not exist, or change
 * its rows or money. A new endpoint is swept without a new test; one whose id inputs the sweep cannot
 * fill fails here until ID_BY_FIELD / idKindOf learns them.
 */
import { appendFileSync } from 'node:fs';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/db/schema.ts';
import { call, createOperator, createWalletTestApp, encodePassword, requestDeposit, requestWithdrawal, callMultipart, pngBytes, type WalletTestContext } from '../helper.ts';
import { addShopProducts, buyerCall, CARRIER_KEY, deliver, fundShopDirect, newBuyer, newShop, placeOrder, purchase, checkout } from '../orders/fixtures.ts';
import { addCoupon } from '../storefront/fixtures.ts';
import { NO_PERMISSIONS } from '@shopdesk/shared/users/permission-rules';
import { documentOperations, mainType, sampleValue, send, type Identity, type JsonSchema, type Operation } from './openapi-operations.ts';

/** Marketplace operations that reach another shop's objects on purpose (a buyer views and buys any shop's products; a seller asks any shop to be its couple). */
const CROSS_SHOP_BY_DESIGN = new Map<string, string>([
  ['POST /api/buyer/checkout', 'a buyer orders from any shop'],
  ['GET /api/buyer/products/{id}', 'a buyer views any shop product on sale'],
  ['GET /api/catalog/covers/{file}', 'product covers are public pictures'],
  ['GET /api/catalog/photos/{file}', "warehouse product photos are public pictures under unguessable names (the mall's <img> sends no token)"],
  ['POST /api/marketing/couple/apply', 'a seller asks another shop, by its id, to be its couple partner'],
  ['GET /api/shop/logos/{file}', "logos are public pictures under unguessable names (the header's <img> sends no token)"],
  // The mall: its pages show every shop's products on sale, its shop pages and its reviews (nicknames masked).
  ['GET /api/mall/home', "the mall's home shows every shop's products on sale"],
  ['GET /api/mall/products', "the mall's search finds every shop's products on sale"],
  ['GET /api/mall/products/{id}/reviews', "a product's reviews are public (the reviewer's nickname masked)"],
  ['GET /api/mall/shops/{id}', 'a shop page is public'],
  ['GET /api/mall/shops/{id}/products', "a shop's products on sale are public"],
  ['POST /api/buyer/cart', "a buyer puts any shop's product in the cart"],
  ['POST /api/buyer/chat/start', 'a buyer writes to any shop (its conversation is the buyer\'s own)'],
  // A shop's public vouchers are shown in the mall and claimed by any buyer; a code is claimed by whoever knows it.
  ['GET /api/mall/shops/{id}/vouchers', "a shop's public vouchers are shown in the mall"],
  ['GET /api/mall/products/{id}/vouchers', "the public vouchers of a product's shop are shown on its page"],
  ['POST /api/buyer/vouchers/claim', "a buyer claims any shop's public voucher"],
  ['POST /api/buyer/vouchers/redeem', "a buyer who knows a shop's voucher code claims it"],
  // A shop's running flash deals are shown in the mall.
  ['GET /api/mall/shops/{id}/deals', "a shop's running flash deals are shown in the mall"],
  ['GET /api/mall/products/{id}/deals', "a product's running flash deal is shown on its page"],
]);

type IdKind = 'shop' | 'user' | 'order' | 'product' | 'warehouse' | 'review' | 'notification' | 'deposit' | 'withdrawal' | 'coupleRequest' | 'logo' | 'cover' | 'address' | 'cartItem' | 'coupon' | 'claim' | 'passwordReset' | 'buyerDeposit' | 'operator' | 'appeal' | 'role' | 'session' | 'withdrawalAddress' | 'buyer' | 'conversation' | 'chatMessage' | 'quickReply' | 'voucher' | 'deal' | 'variant';

const ID_BY_FIELD: Record<string, IdKind> = {
  orderId: 'order',
  orderIds: 'order',
  userId: 'user',
  shopId: 'shop',
  targetId: 'shop',
  productId: 'product',
  productIds: 'product',
  shopProductId: 'product',
  warehouseProductIds: 'warehouse',
  requestId: 'coupleRequest',
  lastEventId: 'notification',
  // The mall: the first shop's buyer's cart lines; coupons are the platform's (like the warehouse).
  itemId: 'cartItem',
  itemIds: 'cartItem',
  couponId: 'coupon',
  addressId: 'address',
  claimId: 'claim',
  // The audit trail's filter by operator: operator accounts are the platform's.
  operatorId: 'operator',
  roleId: 'role',
  // Chat: the first shop's conversation with its buyer, and its messages.
  conversationId: 'conversation',
  upToId: 'chatMessage',
  beforeId: 'chatMessage',
  // A shop's seller vouchers (the first shop's, claimed by its buyer).
  voucherId: 'voucher',
  voucherIds: 'voucher',
  // A product's variant: the first shop's product's.
  variantId: 'variant',
  variantIds: 'variant',
};

/** What `id`, `ids` or `file` mean in an operation: the path's module or collection says. */
const ID_BY_PATH: [RegExp, IdKind][] = [
  [/\/deposits\//, 'deposit'],
  // The mall buyers' deposits, in the operator's queue: the first shop's buyer's.
  [/\/buyerDeposits\//, 'buyerDeposit'],
  [/\/withdrawals\//, 'withdrawal'],
  [/\/shops\//, 'shop'],
  // The operator's queues of the login page's requests: a registration's id is its shop's.
  [/\/registrations\//, 'shop'],
  [/\/passwordResets\//, 'passwordReset'],
  // Operator accounts are the platform's, like the warehouse: no shop owns one.
  [/\/operators\//, 'operator'],
  // The console's warehouse is the platform's too; appeals are a shop's, answered only by operators.
  [/^\/api\/ops\/warehouse\//, 'warehouse'],
  // The mall's coupons, changed and retired in the console: the platform's, like the warehouse.
  [/^\/api\/ops\/coupons\//, 'coupon'],
  [/^\/api\/ops\/appeals\//, 'appeal'],
  // A mall buyer's account, frozen only by operators: the first shop's buyer's.
  [/^\/api\/ops\/buyers\//, 'buyer'],
  [/^\/api\/(product|buyer\/products|mall\/products)\b/, 'product'],
  [/^\/api\/buyer\/addresses\//, 'address'],
  // A member's signed-in devices, and the shop's withdrawal address book.
  [/^\/api\/account\/sessions\//, 'session'],
  [/^\/api\/wallet\/addresses\//, 'withdrawalAddress'],
  [/^\/api\/review\//, 'review'],
  [/^\/api\/chat\/quickReplies\//, 'quickReply'],
  [/^\/api\/(buyer\/)?chat\/images\//, 'chatMessage'],
  [/^\/api\/(sse|notifications)\//, 'notification'],
  [/^\/api\/shop\/logos\//, 'logo'],
  [/^\/api\/catalog\/(covers|photos)\//, 'cover'],
  [/^\/api\/marketing\/vouchers\//, 'voucher'],
  [/^\/api\/marketing\/deals\//, 'deal'],
];

const ID_LIKE = /(^id$|^ids$|^file$|Id$|Ids$)/;

function idKindOf(op: Operation, field: string): IdKind | null {
  if (ID_BY_FIELD[field]) return ID_BY_FIELD[field];
  if (field === 'id' || field === 'ids' || field === 'file') return ID_BY_PATH.find(([re]) => re.test(op.path))?.[1] ?? null;
  return null;
}

const MARKER = 'zqvictim';
const ctx = {} as WalletTestContext;

interface Victim {
  ids: Record<IdKind, (string | number)[]>;
  shopId: number;
  /** Texts only the first shop's answers can hold: names, order numbers, its balance. */
  secrets: string[];
}
const victim = {} as Victim;
/** Ids of nothing, as many of each kind as the first shop has (so batch answers have the same length). */
const nobody = {} as Record<IdKind, (string | number)[]>;
function idsOfNothing(kind: IdKind, count: number): (string | number)[] {
  return Array.from({ length: count }, (_, i) => {
    if (kind === 'order') return `SD0000000000000000${String(i).padStart(2, '0')}`;
    if (kind === 'logo') return `${String(i).padStart(32, '0')}.png`;
    if (kind === 'cover') return `${987600 + i}.svg`;
    return 987600 + i;
  });
}
let identities: Identity[] = [];

async function rows(query: SQL): Promise<unknown[]> {
  const result = await ctx.db.execute(query);
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as unknown[];
}

const list = (values: (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Every row of the first shop (each table with a shop_id: orders, ledger accounts and transfers, notifications…, plus its shop and users), as text per table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await rows(
    sql`select table_name from information_schema.columns where column_name = 'shop_id' and table_schema = current_schema() order by table_name`,
  )) as { table_name: string }[];
  const out: Record<string, unknown> = {};
  for (const { table_name: table } of tables) out[table] = await rows(sql`select * from ${sql.identifier(table)} where shop_id = ${victim.shopId} order by 1`);
  out.shop = await rows(sql`select * from shops where id = ${victim.shopId}`);
  out.users = await rows(sql`select * from users where id in (${list(victim.ids.user)}) order by id`);
  return Object.fromEntries(Object.entries(out).map(([table, list]) => [table, JSON.stringify(list, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))]));
}

/** An input for the operation whose id fields hold `ids` and every other required field a plain value; null names the field it cannot fill. */
function inputFor(
  op: Operation,
  ids: Record<IdKind, (string | number)[]>,
): { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown; idFields: number } | { missing: string } {
  let idFields = 0;
  const value = (field: string, schema: JsonSchema): unknown => {
    const kind = idKindOf(op, field);
    if (!kind) return undefined;
    // The warehouse and the coupons are the platform's: their ids belong to no shop.
    if (kind !== 'warehouse' && kind !== 'coupon') idFields += 1;
    const id = ids[kind];
    const { type } = mainType(schema);
    return type === 'array' ? (Array.isArray(id) ? id : [id]) : Array.isArray(id) ? id[0] : id;
  };
  const params: Record<string, unknown> = {};
  for (const p of op.params) {
    const v = value(p.name, p.schema);
    if (v === undefined) return { missing: `path parameter ${p.name}` };
    params[p.name] = v;
  }
  const query: Record<string, unknown> = {};
  for (const p of op.query) {
    const v = value(p.name, p.schema);
    if (v === undefined && ID_LIKE.test(p.name)) return { missing: `query parameter ${p.name}` };
    if (v !== undefined) query[p.name] = v;
    else if (p.required) query[p.name] = sampleValue(p.schema, p.name);
  }
  let body: unknown;
  if (op.body) {
    const { schema } = mainType(op.body);
    const out = sampleValue(schema) as Record<string, unknown>;
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      const v = value(field, fieldSchema);
      if (v === undefined && ID_LIKE.test(field)) return { missing: `body field ${field}` };
      if (v !== undefined) out[field] = v;
    }
    body = out;
  }
  return { params, query, body, idFields };
}

/** An answer without what may differ between two calls of equal meaning: clocks, fresh tokens, and ids echoed from the input or newly made. */
function comparable(text: string): unknown {
  try {
    const json = JSON.parse(text) as unknown;
    return JSON.parse(JSON.stringify(json, (key, value: unknown) => (/(time|at|date|token|ticket|expires|key|username)$/i.test(key) || ID_LIKE.test(key) ? '…' : value)));
  } catch {
    return text;
  }
}

beforeAll(async () => {
  // The login page's requests are limited per address (the sweep sends them from one): off here.
  Object.assign(ctx, await createWalletTestApp({ carrierKey: CARRIER_KEY, accountRequestLimits: { resetRequestsPerAddress: 0, registrationsPerAddress: 0 } }));
  // (PostgreSQL answers bigint columns of raw queries as strings: ids are made numbers.)
  // The first shop: money, products, orders in every state, a review, a refund, a deposit, a
  // withdrawal, a package, notifications, a second user, a logo and a couple request from a third shop.
  const a = await newShop(ctx);
  victim.shopId = a.shopId;
  await ctx.db.update(shops).set({ name: `${MARKER} shop` }).where(eq(shops.id, a.shopId));
  await fundShopDirect(ctx.db, a.shopId, 98_765_432);
  const products = await addShopProducts(ctx, a, [1_111, 2_222, 3_333]);
  for (const id of products) await call(ctx.app, 'POST', '/api/product/update', { token: a.token, body: { id, name: `${MARKER} product ${id}` } });
  const buyerA = await newBuyer(ctx);
  const orderOpen = await placeOrder(ctx, buyerA.token, a.shopId, products[0]);
  const orderSigned = await placeOrder(ctx, buyerA.token, a.shopId, products[1]);
  const orderRefund = await placeOrder(ctx, buyerA.token, a.shopId, products[2]);
  const { status: checkoutStatus, body: marked } = await checkout(ctx.app, buyerA.token, { shopId: a.shopId, shopProductId: products[0], receiverName: `${MARKER} receiver`, receiverAddress: `${MARKER} street` });
  expect(checkoutStatus).toBe(200);
  expect((await purchase(ctx.app, a, [orderSigned, orderRefund])).status).toBe(200);
  await deliver(ctx.app, orderSigned);
  expect((await buyerCall(ctx.app, buyerA.token, 'review', { orderId: orderSigned, rating: 5, content: `${MARKER} review`, images: [] })).status).toBe(200);
  expect((await buyerCall(ctx.app, buyerA.token, 'refund', { orderId: orderRefund, reason: 'not_needed', note: `${MARKER} refund` })).status).toBeLessThan(500);
  const deposit = await requestDeposit(ctx.app, a.token, '123.45');
  expect(deposit.status).toBe(200);
  const withdrawal = await requestWithdrawal(ctx.app, a.token, '87.65');
  expect(withdrawal.status).toBe(200);
  const role = await call(ctx.app, 'POST', '/api/users/roles/create', { token: a.token, body: { name: `${MARKER} packer`, permissions: { ...NO_PERMISSIONS, orders: 'edit' } } });
  expect(role.status).toBe(200);
  const staff = await call(ctx.app, 'POST', '/api/users/add', { token: a.token, body: { username: `zq${process.pid % 10000}staff`, password: encodePassword('desk-lamp-93'), name: `${MARKER} staff`, email: '', roleId: role.body.data.roleId } });
  expect(staff.status).toBe(200);
  const logo = await callMultipart(ctx.app, '/api/shop/logo?target=shop', [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: pngBytes() }], { token: a.token });
  expect(logo.status).toBe(200);
  const third = await newShop(ctx);
  const couple = await call(ctx.app, 'POST', '/api/marketing/couple/apply', { token: third.token, body: { shopId: a.shopId } });
  const [owner] = (await rows(sql`select username from users where id = ${a.userId}`)) as { username: string }[];
  const reset = await call(ctx.app, 'POST', '/api/sellAuth/resetRequest', { body: { username: owner.username } });
  expect(reset.status).toBe(200);
  const resetRows = (await rows(sql`select id from password_resets where user_id = ${a.userId}`)) as { id: number }[];
  const reviewRows = (await rows(sql`select id from reviews where shop_id = ${a.shopId}`)) as { id: number }[];
  const notificationRows = (await rows(sql`select id from notifications where shop_id = ${a.shopId}`)) as { id: number }[];
  const userRows = (await rows(sql`select id from users where id = ${a.userId} or username like ${'zq%staff'}`)) as { id: number }[];
  const coupleRows = (await rows(sql`select id from couple_links order by id desc limit 1`)) as { id: number }[];
  const warehouse = (await rows(sql`select id from warehouse_products order by id limit 1`)) as { id: number }[];
  const variantRows = (await rows(sql`select id from shop_product_variants where shop_id = ${a.shopId} order by id`)) as { id: number }[];
  // The mall: the first shop's buyer's saved address and cart line, and a platform coupon.
  const address = await call(ctx.app, 'POST', '/api/buyer/addresses', { headers: { buyertoken: buyerA.token }, body: { name: `${MARKER} receiver`, phone: '+84 912345678', area: 'District 1', address: `${MARKER} street 1` } });
  expect(address.status).toBe(200);
  const cart = await call(ctx.app, 'POST', '/api/buyer/cart', { headers: { buyertoken: buyerA.token }, body: { productId: products[1], quantity: 1 } });
  expect(cart.status).toBe(200);
  const buyerDeposit = await callMultipart(
    ctx.app,
    '/api/buyer/wallet/deposit',
    [
      { name: 'network', value: 'TRC20' },
      { name: 'amount', value: '12.34' },
      { name: 'fromAddress', value: 'TVictimBuyerSourceAddress0123456789' },
      { name: 'screenshot', filename: 'paid.png', contentType: 'image/png', data: pngBytes() },
    ],
    { headers: { buyertoken: buyerA.token } },
  );
  expect(buyerDeposit.status).toBe(200);
  // Chat: the first shop's buyer asks, the seller answers with a picture; a quick reply of the shop.
  const chat = await call(ctx.app, 'POST', '/api/buyer/chat/start', { headers: { buyertoken: buyerA.token }, body: { shopId: a.shopId, orderId: orderOpen, text: `${MARKER} question` } });
  expect(chat.status).toBe(200);
  const conversationId = chat.body.data.conversation.id as number;
  const chatPicture = await callMultipart(
    ctx.app,
    '/api/chat/sendImage',
    [
      { name: 'conversationId', value: String(conversationId) },
      { name: 'image', filename: 'answer.png', contentType: 'image/png', data: pngBytes() },
    ],
    { token: a.token },
  );
  expect(chatPicture.status).toBe(200);
  const quickReply = await call(ctx.app, 'POST', '/api/chat/quickReplies/create', { token: a.token, body: { text: `${MARKER} quick reply` } });
  expect(quickReply.status).toBe(200);
  const coupon = await addCoupon(ctx.db, { perBuyerLimit: 100 });
  const claimed = await call(ctx.app, 'POST', '/api/buyer/coupons/claim', { headers: { buyertoken: buyerA.token }, body: { couponId: coupon.id } });
  expect(claimed.status).toBe(200);
  // A running public voucher of the first shop, claimed by its buyer.
  const voucher = await call(ctx.app, 'POST', '/api/marketing/vouchers/create', {
    token: a.token,
    body: { name: `${MARKER} voucher`, scope: 'shop', kind: 'amount', amountOffCents: 100, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), totalQuantity: 10, perBuyerLimit: 1, visibility: 'public', acceptLoss: true },
  });
  expect(voucher.status).toBe(200);
  expect((await call(ctx.app, 'POST', '/api/buyer/vouchers/claim', { headers: { buyertoken: buyerA.token }, body: { voucherId: voucher.body.data.voucher.id } })).status).toBe(200);
  // A running flash deal of the first shop (its first product at one cent, a loss accepted).
  const deal = await call(ctx.app, 'POST', '/api/marketing/deals/create', {
    token: a.token,
    body: { productId: products[0], dealPriceCents: 1, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), stockCap: 5, acceptLoss: true },
  });
  expect(deal.status).toBe(200);
  victim.ids = {
    shop: [a.shopId],
    user: userRows.map((r) => Number(r.id)),
    order: [orderOpen, orderSigned, orderRefund, marked.data.orderId as string],
    product: products,
    warehouse: [Number(warehouse[0].id)],
    review: reviewRows.map((r) => Number(r.id)),
    notification: notificationRows.map((r) => Number(r.id)),
    deposit: [deposit.body.data.id],
    withdrawal: [withdrawal.body.data.id],
    coupleRequest: couple.status === 200 && coupleRows.length ? [Number(coupleRows[0].id)] : [987650],
    logo: [String(logo.body.data.logo).split('/').pop()!],
    cover: [`${products[0]}.svg`],
    address: [address.body.data[0].id],
    cartItem: [cart.body.data.shops[0].items[0].itemId],
    coupon: [coupon.id],
    claim: [claimed.body.data.claimId],
    voucher: [voucher.body.data.voucher.id],
    deal: [deal.body.data.deal.id],
    variant: variantRows.map((r) => Number(r.id)),
    passwordReset: resetRows.map((r) => Number(r.id)),
    buyerDeposit: [buyerDeposit.body.data.id],
    operator: [(await createOperator(ctx.db, undefined, undefined, 'support')).userId],
    // The first shop is not frozen (a freeze would change what the sweep sees), so it has no appeal.
    appeal: [987651],
    buyer: [buyerA.buyerId],
    role: [role.body.data.roleId],
    conversation: [conversationId],
    chatMessage: [chatPicture.body.data[0].id],
    quickReply: [quickReply.body.data.id],
    session: ((await rows(sql`select id from sessions where user_id = ${a.userId}`)) as { id: number }[]).map((r) => Number(r.id)),
    withdrawalAddress: ((await rows(sql`select id from withdrawal_addresses where shop_id = ${a.shopId}`)) as { id: number }[]).map((r) => Number(r.id)),
  };
  for (const kind of Object.keys(victim.ids) as IdKind[]) nobody[kind] = idsOfNothing(kind, victim.ids[kind].length);
  nobody.warehouse = victim.ids.warehouse;
  nobody.coupon = victim.ids.coupon;
  nobody.operator = victim.ids.operator;
  for (const kind of ['review', 'notification', 'session', 'withdrawalAddress'] as const) expect(victim.ids[kind].length, kind).toBeGreaterThan(0);
  victim.secrets = [MARKER, buyerA.username, ...victim.ids.order.map(String), '98765432', String(victim.ids.logo[0]).slice(0, 32)];

  // The other side: a second shop with a product and an order of its own, and a second buyer.
  const b = await newShop(ctx);
  await fundShopDirect(ctx.db, b.shopId, 5_000_00);
  const productsB = await addShopProducts(ctx, b, [4_444]);
  const buyerB = await newBuyer(ctx);
  await placeOrder(ctx, buyerB.token, b.shopId, productsB[0]);
  identities = [
    { label: 'another shop', headers: { authtoken: b.token } },
    { label: 'another buyer', headers: { buyertoken: buyerB.token } },
    { label: 'no token', headers: {} },
  ];
}, 120_000);

afterAll(() => ctx.close?.());

describe('cross-shop sweep over the OpenAPI document', () => {
  it('fills the id inputs of every operation', () => {
    const ops = documentOperations(ctx.app);
    expect(ops.length).toBeGreaterThan(90);
    const unfilled = ops.flatMap((op) => {
      const input = inputFor(op, victim.ids);
      return 'missing' in input ? [`${op.name}: ${input.missing}`] : [];
    });
    expect(unfilled).toEqual([]);
  });

  it("no operation, as another shop, another buyer or nobody, reveals, tells apart or changes the first shop's data", async () => {
    const ops = documentOperations(ctx.app).filter((op) => !op.multipart);
    const before = await snapshot();
    const problems: string[] = [];
    const byDesign = ops.filter((op) => CROSS_SHOP_BY_DESIGN.has(op.name));
    // Logouts end the sweeping identities' own sessions: they go last.
    const endsSession = (op: Operation) => /logout/i.test(op.path);
    const swept = ops.filter((op) => !CROSS_SHOP_BY_DESIGN.has(op.name)).sort((x, y) => Number(endsSession(x)) - Number(endsSession(y)));
    let calls = 0;
    for (const op of swept) {
      for (const who of identities) {
        const withNobody = inputFor(op, nobody);
        const withVictim = inputFor(op, victim.ids);
        if ('missing' in withNobody || 'missing' in withVictim) continue; // reported by the test above
        const hasIds = withVictim.idFields > 0;
        const first = await send(ctx.app, op, who, withNobody);
        const second = await send(ctx.app, op, who, withVictim);
        if (process.env.SWEEP_DEBUG) appendFileSync(process.env.SWEEP_DEBUG, `${op.name} | ${who.label} | ${first.status} ${second.status} ${second.text.slice(0, 100).replace(/[^\x20-\x7e]/g, '?')}\n`);
        calls += 2;
        for (const answer of [first, second]) {
          if (answer.status >= 500) problems.push(`${op.name} as ${who.label}: ${answer.status} ${answer.text.slice(0, 200)}`);
          if (answer.status === 429) problems.push(`${op.name} as ${who.label}: 429 (the sweep needs the rate limit off)`);
        }
        const leaked = victim.secrets.filter((secret) => second.text.toLowerCase().includes(secret.toLowerCase()));
        if (leaked.length) problems.push(`${op.name} as ${who.label}: the answer holds ${leaked.join(', ')}`);
        if (hasIds && (first.status !== second.status || JSON.stringify(comparable(first.text)) !== JSON.stringify(comparable(second.text)))) {
          problems.push(`${op.name} as ${who.label}: the first shop's ids answer ${second.status} ${second.text.slice(0, 160)}, ids of nothing ${first.status} ${first.text.slice(0, 160)}`);
        }
      }
    }
    const after = await snapshot();
    expect(problems).toEqual([]);
    expect(after).toEqual(before);
    expect(calls).toBeGreaterThan(400);
    // The operations that reach other shops on purpose: still no 5xx, and no secret of the first shop's buyer.
    for (const op of byDesign) {
      for (const who of identities) {
        const input = inputFor(op, victim.ids);
        if ('missing' in input) continue;
        const answer = await send(ctx.app, op, who, input);
        expect(answer.status, `${op.name} as ${who.label}`).toBeLessThan(500);
        expect(answer.text, `${op.name} as ${who.label}`).not.toContain(victim.secrets[1]);
      }
    }
  }, 120_000);
});
