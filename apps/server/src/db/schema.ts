import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { OPS_ROLES } from '@shopdesk/shared/ops/operators';
import { DEFAULT_ROLE_KEYS, type DefaultRoleKey, type PermissionMatrix } from '@shopdesk/shared/users/permission-rules';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Money in cents: a bigint column read as a JavaScript number, exactly or not at all. A value
 * beyond 2^53 would be rounded by Number(); it is refused instead (the API never rounds a cent).
 * The bounds of MONEY (packages/shared) keep every stored amount and balance far below that.
 */
const cents = customType<{ data: number; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new Error(`a cents value beyond 2^53 cannot be read exactly: ${String(value)}`);
    return n;
  },
});

/** Seller and operator accounts. Buyers live in `buyers`. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fundPasswordHash: text('fund_password_hash'),
  fundFailures: integer('fund_failures').notNull().default(0),
  fundLockedUntil: timestamp('fund_locked_until', { withTimezone: true }),
  role: text('role', { enum: ['seller', 'operator'] }).notNull().default('seller'),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  createdAt: createdAt(),
  // The shop a seller works in and their role there (shop_roles): set together for sellers; the
  // shop's owner account gets the owner role from a trigger on shops (migrations 0006 and 0024).
  shopId: integer('shop_id').references((): AnyPgColumn => shops.id),
  roleId: integer('role_id').references((): AnyPgColumn => shopRoles.id),
  // An operator's role on the platform (migration 0016): set exactly when role = 'operator'.
  opsRole: text('ops_role', { enum: OPS_ROLES }),
}, (t) => [index('users_shop_idx').on(t.shopId, t.id)]);

/**
 * Staff roles: the default ones (shop_id null, key set; their matrices live in
 * packages/shared/src/users/permissions.ts) and each shop's own (key null, matrix stored).
 */
export const shopRoles = pgTable(
  'shop_roles',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').references((): AnyPgColumn => shops.id),
    key: text('key', { enum: DEFAULT_ROLE_KEYS as [DefaultRoleKey, ...DefaultRoleKey[]] }),
    name: text('name').notNull().default(''),
    permissions: jsonb('permissions').$type<Partial<PermissionMatrix>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('shop_roles_shop_idx').on(t.shopId)],
);

/**
 * A fund-password attempt in flight: reserved before the compare, deleted by its verdict (migration
 * 0013). One that reaches no verdict (its process died) stops counting once it expires.
 */
export const fundPasswordReservations = pgTable(
  'fund_password_reservations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fund_password_reservations_user_idx').on(t.userId, t.expiresAt)],
);

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id).unique(),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    zalo: text('zalo').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    creditScore: integer('credit_score').notNull().default(100),
    vipLevel: integer('vip_level').notNull().default(0),
    frozen: boolean('frozen').notNull().default(false),
    frozenReason: text('frozen_reason').notNull().default(''),
    totalTopUpCents: cents('total_top_up_cents').notNull().default(0),
    createdAt: createdAt(),
    // General settings kept per shop: the back office's site name and logo.
    siteName: text('site_name').notNull().default(''),
    siteLogo: text('site_logo').notNull().default(''),
    // The mall's shop page (migration 0011).
    description: text('description').notNull().default(''),
    // A shop registered from the login page waits for the operator (migration 0014): its users
    // cannot log in until it is approved; a rejection's note is what the login then says.
    approval: text('approval', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('approved'),
    approvalNote: text('approval_note').notNull().default(''),
    approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
    approvalDecidedBy: integer('approval_decided_by').references((): AnyPgColumn => users.id),
    // The owner may require the second factor of every member (migration 0019).
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    // Promotions that would sell a product below its purchase cost are refused (migration 0028).
    neverBelowCost: boolean('never_below_cost').notNull().default(false),
  },
  (t) => [
    check('shops_vip_level_range', sql`${t.vipLevel} between 0 and 7`),
    check('shops_credit_range', sql`${t.creditScore} between 0 and 100`),
    check('shops_approval_values', sql`${t.approval} in ('pending', 'approved', 'rejected')`),
    index('shops_pending_approval_idx').on(t.id).where(sql`${t.approval} <> 'approved'`),
  ],
);

/**
 * A seller's forgotten password (migration 0014): requested from the login page, approved by an
 * operator into a one-time link (only its SHA-256 is kept) valid ACCOUNT_REQUESTS.RESET_LINK_TTL_MS.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'used', 'rejected'] }).notNull().default('pending'),
    contact: text('contact').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    requestedFrom: text('requested_from').notNull().default(''),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    delivery: text('delivery', { enum: ['handover', 'email'] }),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_resets_status_values', sql`${t.status} in ('pending', 'approved', 'used', 'rejected')`),
    check('password_resets_delivery_values', sql`${t.delivery} is null or ${t.delivery} in ('handover', 'email')`),
    check('password_resets_link_complete', sql`${t.status} <> 'approved' or (${t.tokenHash} is not null and ${t.expiresAt} is not null)`),
    uniqueIndex('password_resets_one_open').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('password_resets_status_idx').on(t.status, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    // The device it was opened from and when it was last used (migration 0019): the sessions page.
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A user's TOTP second factor (modules/two-factor, migration 0017): the base32 secret, when the
 * enrolment was confirmed (null while pending), and the last time step accepted (a code is good once).
 */
export const twoFactors = pgTable('two_factors', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor: only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A login's second step: the password was right, the session opens once the code is (only the
 * challenge token's SHA-256 is kept; used once, for TWO_FACTOR.CHALLENGE_TTL_MS).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** A second-factor check passed for one sensitive action: spent once, within minutes (modules/two-factor/step-up.ts). */
export const stepUpProofs = pgTable(
  'step_up_proofs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    action: text('action').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('step_up_proofs_user_idx').on(t.userId)],
);

/** Failed-login counters, keyed by "account:<username>" or "address:<ip>". */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Account-and-address keys: this address signed in to this account lately (docs/decisions.md, "Login and secret throttling"). */
  trustedUntil: timestamp('trusted_until', { withTimezone: true }),
});

/** Every secret check (login, old password, fund password): who, from where, and what came of it (migration 0009). */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    outcome: text('outcome', { enum: ['success', 'wrong', 'refused'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_subject_idx').on(t.kind, t.subject, t.createdAt), index('auth_attempts_created_idx').on(t.createdAt)],
);

export const buyers = pgTable(
  'buyers',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    createdAt: createdAt(),
    // Frozen by an operator (migration 0025): sessions stop working and the login refuses, with the reason.
    frozen: boolean('frozen').notNull().default(false),
    frozenReason: text('frozen_reason').notNull().default(''),
  },
  // Order search by buyer (migration 0010).
  (t) => [index('buyers_search_trgm_idx').using('gin', sql`(${t.username} || ' ' || ${t.nickname}) gin_trgm_ops`)],
);

export const warehouseProducts = pgTable(
  'warehouse_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    cover: text('cover').notNull(),
    purchasePriceCents: cents('purchase_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    rating: integer('rating_x10').notNull().default(50),
    sales: integer('sales').notNull().default(0),
    createdAt: createdAt(),
    // Retired products (migration 0021) are no longer offered to sellers; shops and orders keep theirs.
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Pictures after the cover on the product page, in order (migration 0030).
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    // Up to two option axes (migration 0033), e.g. [{ name: 'Colour', values: ['Blue', 'Red'] }]; none for a product without options.
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
  },
  (t) => [
    index('warehouse_category_idx').on(t.category),
    index('warehouse_products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('warehouse_price_positive', sql`${t.purchasePriceCents} > 0`),
  ],
);

/**
 * A warehouse product's name and description in another interface language (migration 0030);
 * the product's own columns are the English text readers fall back to.
 */
export const warehouseProductTexts = pgTable(
  'warehouse_product_texts',
  {
    warehouseProductId: integer('warehouse_product_id')
      .notNull()
      .references(() => warehouseProducts.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    // The option axes in this language (migration 0035): the product's axes and values in order, translated; [] falls back.
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ name: 'warehouse_product_texts_pk', columns: [t.warehouseProductId, t.lang] }), index('warehouse_product_texts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

/**
 * One combination of a warehouse product's option values (migration 0033); a product without
 * options has one implicit variant (no values, SKU SD-<product id>), made by a trigger on insert.
 */
export const warehouseVariants = pgTable(
  'warehouse_variants',
  {
    id: serial('id').primaryKey(),
    warehouseProductId: integer('warehouse_product_id')
      .notNull()
      .references(() => warehouseProducts.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique('warehouse_variants_sku_uq'),
    /** One value per axis of the product's options, in the axes' order. */
    optionValues: jsonb('option_values').$type<string[]>().notNull().default([]),
    purchasePriceCents: cents('purchase_price_cents').notNull(),
    suggestedPriceCents: cents('suggested_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    image: text('image'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('warehouse_variants_product_idx').on(t.warehouseProductId, t.position, t.id),
    check('warehouse_variants_values', sql`${t.purchasePriceCents} > 0 and ${t.suggestedPriceCents} > 0 and ${t.stock} >= 0`),
  ],
);

export const shopProducts = pgTable(
  'shop_products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    warehouseProductId: integer('warehouse_product_id').notNull().references(() => warehouseProducts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    cover: text('cover').notNull(),
    purchasePriceCents: cents('purchase_price_cents').notNull(),
    profitRatioBp: integer('profit_ratio_bp').notNull(),
    discountRatioBp: integer('discount_ratio_bp').notNull().default(0),
    discountStart: timestamp('discount_start', { withTimezone: true }),
    discountEnd: timestamp('discount_end', { withTimezone: true }),
    stock: integer('stock').notNull().default(0),
    views: integer('views').notNull().default(0),
    totalSales: integer('total_sales').notNull().default(0),
    rating: integer('rating_x10').notNull().default(50),
    status: text('status', { enum: ['on_sale', 'off_sale'] }).notNull().default('on_sale'),
    published: boolean('published').notNull().default(true),
    isRecommended: boolean('is_recommended').notNull().default(false),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_products_shop_warehouse_uq').on(t.shopId, t.warehouseProductId),
    index('shop_products_shop_idx').on(t.shopId, t.id),
    index('shop_products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** What one shop product held before a spreadsheet import changed it (dates as ISO text). */
export interface SheetRowBefore {
  id: number;
  profitRatioBp: number;
  discountRatioBp: number;
  discountStart: string | null;
  discountEnd: string | null;
  status: 'on_sale' | 'off_sale';
  isRecommended: boolean;
  /** The switches of the product's variants the import changed, as they were (absent in imports from before variants). */
  variants?: { id: number; enabled: boolean }[];
  /** The import changed only variant switches: undo leaves the product's own fields alone. */
  onlyVariants?: boolean;
}

/** A seller's product spreadsheet import, kept so the shop's last one can be undone. */
export const productSheetImports = pgTable(
  'product_sheet_imports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    rows: jsonb('rows').$type<SheetRowBefore[]>().notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('product_sheet_imports_shop_idx').on(t.shopId, t.id), check('product_sheet_imports_format_values', sql`${t.format} in ('xlsx', 'csv')`)],
);

/**
 * A shop product's copy of one warehouse variant (migration 0033): the shop's stock, purchase price
 * and sales of that variant, and whether the seller sells it. shop_products.stock is the sum of its
 * enabled variants' stock and its purchase price the lowest enabled one (variant-service.ts keeps them).
 */
export const shopProductVariants = pgTable(
  'shop_product_variants',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    shopProductId: integer('shop_product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    warehouseVariantId: integer('warehouse_variant_id')
      .notNull()
      .references(() => warehouseVariants.id, { onDelete: 'cascade' }),
    purchasePriceCents: cents('purchase_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    totalSales: integer('total_sales').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('shop_product_variants_uq').on(t.shopProductId, t.warehouseVariantId), index('shop_product_variants_warehouse_idx').on(t.warehouseVariantId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    /** Null once the seller deletes the product; the order keeps its name and image. */
    shopProductId: integer('shop_product_id').references(() => shopProducts.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
    purchaseAmountCents: cents('purchase_amount_cents').notNull(),
    profitCents: cents('profit_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverAddress: text('receiver_address').notNull(),
    paymentStatus: text('payment_status').notNull(),
    purchaseStatus: text('purchase_status').notNull(),
    shippingStatus: text('shipping_status').notNull(),
    refundStatus: text('refund_status'),
    refundReason: text('refund_reason'),
    refundNote: text('refund_note'),
    refundRejectReason: text('refund_reject_reason'),
    createdAt: createdAt(),
    payTime: timestamp('pay_time', { withTimezone: true }),
    purchaseTime: timestamp('purchase_time', { withTimezone: true }),
    purchaseDeadline: timestamp('purchase_deadline', { withTimezone: true }).notNull(),
    overtimePenalizedAt: timestamp('overtime_penalized_at', { withTimezone: true }),
    /** When the refund was approved or rejected. */
    refundTime: timestamp('refund_time', { withTimezone: true }),
    refundRequestTime: timestamp('refund_request_time', { withTimezone: true }),
    shippedTime: timestamp('shipped_time', { withTimezone: true }),
    signedTime: timestamp('signed_time', { withTimezone: true }),
    cancelTime: timestamp('cancel_time', { withTimezone: true }),
    // The mall (migration 0011): paid from the buyer's wallet or by the external source of
    // the plain buyer API; the platform coupon's share of this order; the mall checkout it came from.
    paymentSource: text('payment_source', { enum: ['external', 'wallet'] }).notNull().default('external'),
    discountCents: cents('discount_cents').notNull().default(0),
    checkoutNo: text('checkout_no'),
    // A seller voucher (migration 0028): its share of this order, paid by the seller. amountCents is
    // already after it (unit price × quantity − sellerDiscountCents), so settlement pays the shop less.
    sellerDiscountCents: cents('seller_discount_cents').notNull().default(0),
    voucherId: integer('voucher_id'),
    voucherUseId: bigint('voucher_use_id', { mode: 'number' }),
    // A flash deal (migration 0029): the order was bought at the deal's price (unitPriceCents) instead
    // of normalUnitPriceCents; dealReturnedAt when its units went back to the deal's cap.
    flashDealId: integer('flash_deal_id'),
    normalUnitPriceCents: cents('normal_unit_price_cents'),
    dealReturnedAt: timestamp('deal_returned_at', { withTimezone: true }),
    // The variant sold (migration 0033): its id (null once deleted), its name as shown then ("Blue, M";
    // empty for a product without options) and its SKU; unitPriceCents is its price at the time.
    variantId: integer('variant_id').references(() => shopProductVariants.id, { onDelete: 'set null' }),
    variantName: text('variant_name').notNull().default(''),
    variantSku: text('variant_sku').notNull().default(''),
    /** Order search (migrations 0012, 0036): order number, product, variant name and SKU, receiver, phone and the phone's digits, lowercased. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(order_no || ' ' || product_name || ' ' || variant_name || ' ' || variant_sku || ' ' || receiver_name || ' ' || receiver_phone || ' ' || regexp_replace(receiver_phone, '[^0-9]', '', 'g'))`,
    ),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    check(
      'orders_payment_source_check',
      sql`${t.paymentSource} in ('external', 'wallet') and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.amountCents} and (${t.paymentSource} = 'wallet' or ${t.discountCents} = 0)`,
    ),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_shop_purchase_idx').on(t.shopId, t.purchaseStatus, t.paymentStatus),
    // Covering (migration 0034; drizzle cannot declare INCLUDE): + payment, purchase, shipping and
    // refund status, amount, profit, quantity and product, so the dashboard's aggregates read only the index.
    index('orders_shop_stats_idx').on(t.shopId, t.createdAt),
    // Search (migrations 0010, 0012): any part of the shop's search text (pg_trgm after shop_id, btree_gin), and by buyer.
    index('orders_shop_search_trgm_idx').using('gin', t.shopId, sql`${t.searchText} gin_trgm_ops`),
    index('orders_shop_buyer_idx').on(t.shopId, t.buyerId),
    // The overtime job's scan: paid, not purchased, not yet penalized, by deadline.
    index('orders_overdue_idx')
      .on(t.purchaseDeadline)
      .where(sql`${t.paymentStatus} = 'paid' and ${t.purchaseStatus} <> 'purchased' and ${t.overtimePenalizedAt} is null`),
    // Refund requests per shop, newest request first.
    index('orders_shop_refund_idx')
      .on(t.shopId, t.refundRequestTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.refundStatus} is not null`),
    // The demo carrier's scan: purchased orders still on their way.
    index('orders_shipping_idx').on(t.shippingStatus, t.id).where(sql`${t.purchaseStatus} = 'purchased' and ${t.shippingStatus} <> 'signed'`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_seller_discount', sql`${t.sellerDiscountCents} >= 0 and (${t.sellerDiscountCents} = 0) = (${t.voucherId} is null)`),
    index('orders_voucher_idx').on(t.voucherId).where(sql`${t.voucherId} is not null`),
    check(
      'orders_flash_deal',
      sql`(${t.flashDealId} is null) = (${t.normalUnitPriceCents} is null) and (${t.normalUnitPriceCents} is null or ${t.normalUnitPriceCents} > ${t.unitPriceCents}) and (${t.dealReturnedAt} is null or ${t.flashDealId} is not null)`,
    ),
    index('orders_flash_deal_idx').on(t.flashDealId).where(sql`${t.flashDealId} is not null`),
  ],
);

/**
 * A shop's all-time figures, folded (migration 0038): orders and sales ever, reviews, the sum of
 * their ratings and those without a reply. The triggers on orders and reviews append
 * shopTotalDeltas in the writing transaction; the shop-totals job folds them into this row. The
 * figures are this row plus the shop's deltas (modules/dashboard/shop-totals.ts).
 */
const shopTotalColumns = {
  orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  salesCents: cents('sales_cents').notNull().default(0),
  reviewCount: bigint('review_count', { mode: 'number' }).notNull().default(0),
  ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
  unansweredReviews: bigint('unanswered_reviews', { mode: 'number' }).notNull().default(0),
};
export const shopTotals = pgTable('shop_totals', { shopId: integer('shop_id').primaryKey(), ...shopTotalColumns });

/** Changes to a shop's totals not yet folded into shopTotals (written only by the triggers on orders and reviews). */
export const shopTotalDeltas = pgTable(
  'shop_total_deltas',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), shopId: integer('shop_id').notNull(), ...shopTotalColumns },
  (t) => [index('shop_total_deltas_shop_idx').on(t.shopId)],
);

/** A buyer's review of a signed order: one per order; the seller replies once. */
export const reviews = pgTable(
  'reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id).unique(),
    shopProductId: integer('shop_product_id').references(() => shopProducts.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    rating: integer('rating').notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    reply: text('reply'),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_shop_created_idx').on(t.shopId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_product_idx').on(t.shopProductId),
  ],
);

/** Buyer sessions: like seller sessions, an opaque token of which only the hash is stored. */
export const buyerSessions = pgTable(
  'buyer_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('buyer_sessions_buyer_idx').on(t.buyerId)],
);

/** Promotion package purchases with their validity (the recommendation rules read the active one). */
export const promotionPackages = pgTable(
  'promotion_packages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    type: text('type', { enum: ['silver', 'gold', 'diamond'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    validityDays: integer('validity_days').notNull(),
    maxRecommended: integer('max_recommended').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Promotion packages (migration 0004): a later purchase (extend or upgrade)
    // replaces the running one and carries its unused time over; reminder markers send each notice once.
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacesId: bigint('replaces_id', { mode: 'number' }).references((): AnyPgColumn => promotionPackages.id),
    creditedMs: bigint('credited_ms', { mode: 'number' }).notNull().default(0),
    expiringNotifiedAt: timestamp('expiring_notified_at', { withTimezone: true }),
    expiredNotifiedAt: timestamp('expired_notified_at', { withTimezone: true }),
    // Times the shop's products appeared in a mall list while this package was active (migration 0011).
    exposures: integer('exposures').notNull().default(0),
  },
  (t) => [
    index('promotion_packages_shop_idx').on(t.shopId, t.expiresAt),
    index('promotion_packages_shop_purchased_idx').on(t.shopId, t.purchasedAt),
    index('promotion_packages_reminder_idx').on(t.expiresAt).where(sql`${t.replacedAt} is null and ${t.expiredNotifiedAt} is null`),
    check('promotion_packages_validity', sql`${t.expiresAt} > ${t.purchasedAt} and ${t.maxRecommended} >= 0 and ${t.amountCents} >= 0`),
  ],
);

/**
 * The viewers a package's exposures were counted for, each with when it last counted: one exposure
 * per viewer and window (EXPOSURE_WINDOW_MINUTES). `b:<buyer id>` or `n:<hash of the network address>`;
 * rows older than the window are pruned by the `exposure-views` job.
 */
export const packageExposureViews = pgTable(
  'package_exposure_views',
  {
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => promotionPackages.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.viewerKey] }), index('package_exposure_views_counted_idx').on(t.countedAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    title: integer('title').notNull(),
    content: integer('content').notNull(),
    orderNo: text('order_no'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_shop_idx').on(t.shopId, t.id),
    // The bell's unread count and list, and the stream's replay: unread rows of one shop by id.
    index('notifications_unread_idx').on(t.shopId, t.id).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Single-use tickets for the notification stream (DESIGN §4: the session token never travels in a
 * URL). Stored hashed, valid NOTIFICATIONS.TICKET_TTL_MS, redeemable on any instance.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    sessionId: bigint('session_id', { mode: 'number' }).notNull().references(() => sessions.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Whether the member could read the shop's chat when the ticket was issued (migration 0026): only then does the stream carry chat events. */
    chat: boolean('chat').notNull().default(false),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

/** One-row facts about the database, such as whether the demo seed ran. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Ledger accounts: per shop `available` and `frozen`; platform accounts may go negative (DESIGN §2). */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    shopId: integer('shop_id').references(() => shops.id),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative').notNull().default(false),
    balanceCents: cents('balance_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balanceCents} >= 0`),
    // ±MONEY.BALANCE_MAX_CENTS (2^50): a balance is always an exact JavaScript number (migration 0008).
    check('ledger_accounts_balance_bounded', sql`${t.balanceCents} between -1125899906842624 and 1125899906842624`),
  ],
);

/** Append-only: a transfer is never updated or deleted. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    type: text('type').notNull(),
    fromAccountId: integer('from_account_id').notNull().references(() => ledgerAccounts.id),
    toAccountId: integer('to_account_id').notNull().references(() => ledgerAccounts.id),
    amountCents: cents('amount_cents').notNull(),
    shopId: integer('shop_id').references(() => shops.id),
    orderNo: text('order_no'),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transfers_positive', sql`${t.amountCents} > 0`),
    check('ledger_transfers_distinct', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    index('ledger_transfers_shop_idx').on(t.shopId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull().references(() => ledgerTransfers.id),
    accountId: integer('account_id').notNull().references(() => ledgerAccounts.id),
    changeCents: cents('change_cents').notNull(),
    balanceBeforeCents: cents('balance_before_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_arithmetic', sql`${t.balanceAfterCents} = ${t.balanceBeforeCents} + ${t.changeCents}`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // Reconcile finds a transfer's entries (migration 0016).
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amountCents: cents('amount_cents').notNull(),
    screenshotFile: text('screenshot_file').notNull(),
    screenshotType: text('screenshot_type').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('deposits_shop_idx').on(t.shopId, t.id), index('deposits_status_idx').on(t.status, t.id)],
);

/**
 * A mall buyer's deposit request (migration 0015): outside demo mode the only way money enters a
 * buyer's wallet. The operator approves it into the wallet through the ledger, or rejects it.
 */
export const buyerDeposits = pgTable(
  'buyer_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    fromAddress: text('from_address').notNull(),
    amountCents: cents('amount_cents').notNull(),
    screenshotFile: text('screenshot_file').notNull(),
    screenshotType: text('screenshot_type').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('buyer_deposits_buyer_idx').on(t.buyerId, t.id),
    index('buyer_deposits_status_idx').on(t.status, t.id),
    index('buyer_deposits_from_idx').on(t.fromAddress),
    check('buyer_deposits_amount_positive', sql`${t.amountCents} > 0`),
    check('buyer_deposits_status_values', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    method: text('method', { enum: ['crypto', 'bank'] }).notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull().default(''),
    address: text('address').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    feeRateBp: integer('fee_rate_bp').notNull(),
    arrivalCents: cents('arrival_cents').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'processing', 'completed', 'failed', 'rejected'] }).notNull().default('pending'),
    remark: text('remark'),
    decidedBy: integer('decided_by').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The payout's transaction on the chain, entered by the operator who completed it (the seller sees it). */
    payoutTxHash: text('payout_tx_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_shop_idx').on(t.shopId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amounts', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.arrivalCents} = ${t.amountCents} - ${t.feeCents}`),
  ],
);

/** First answers of money-moving requests, replayed for retries with the same Idempotency-Key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').primaryKey(),
  requestHash: text('request_hash').notNull(),
  state: text('state', { enum: ['in_progress', 'done'] }).notNull().default('in_progress'),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: createdAt(),
});

export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorUserId: integer('operator_user_id').notNull().references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_target_idx').on(t.targetType, t.targetId)],
);

/** A frozen shop's appeal (migration 0021): the seller's text and the operator's answer; one open at a time. */
export const shopAppeals = pgTable(
  'shop_appeals',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'answered'] }).notNull().default('open'),
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_appeals_shop_idx').on(t.shopId, t.id),
    uniqueIndex('shop_appeals_one_open_uq').on(t.shopId).where(sql`${t.status} = 'open'`),
    check('shop_appeals_status_values', sql`${t.status} in ('open', 'answered')`),
  ],
);

/** Marketplace settings changed in the operator console (migration 0021); an absent key falls back to its environment variable. */
/**
 * The promotion packages on sale, one row per tier (migration 0027, seeded with the first values):
 * an operator changes the price, validity and product count or retires a tier. A purchase copies
 * its terms into promotion_packages, so a change never alters a package already bought.
 */
export const packageOffers = pgTable(
  'package_offers',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['silver', 'gold', 'diamond'] }).notNull().unique('package_offers_type_uq'),
    priceCents: cents('price_cents').notNull(),
    validityDays: integer('validity_days').notNull(),
    maxRecommended: integer('max_recommended').notNull(),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('package_offers_terms', sql`${t.priceCents} > 0 and ${t.validityDays} between 1 and 365 and ${t.maxRecommended} between 1 and 500`)],
);

export const marketplaceSettings = pgTable('marketplace_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Dashboard, shop health and activity log ---------------------------------

/** Who did what in a shop (the activity log); written in the same transaction as the act. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_shop_idx').on(t.shopId, t.id),
    index('activity_log_shop_action_idx').on(t.shopId, t.action, t.id),
  ],
);

/** Counted product page views (one per viewer per dedupe window), for traffic and "most viewed". */
export const productViews = pgTable(
  'product_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    shopProductId: integer('shop_product_id').notNull().references(() => shopProducts.id, { onDelete: 'cascade' }),
    /** `b:<buyer id>` for a signed-in buyer, `a:<hash>` for an anonymous visitor (hashed id or IP). */
    viewerKey: text('viewer_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Covering (migration 0034; drizzle cannot declare INCLUDE): + viewer_key and shop_product_id, so
    // the dashboard's traffic and most-viewed read only the index.
    index('product_views_shop_time_cover_idx').on(t.shopId, t.createdAt),
    index('product_views_dedupe_idx').on(t.shopProductId, t.viewerKey, t.createdAt),
  ],
);

/**
 * The product views of a day that is over, per shop, seller's UTC offset (minutes) and local day,
 * stored the first time the dashboard asks for it (migration 0039, modules/dashboard/view-days.ts);
 * the triggers on product_views delete a stored day that a write touches.
 */
export const productViewDays = pgTable(
  'product_view_days',
  {
    shopId: integer('shop_id').notNull(),
    tzOffset: smallint('tz_offset').notNull(),
    day: date('day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.tzOffset, t.day] }), index('product_view_days_shop_start_idx').on(t.shopId, t.startsAt)],
);

/**
 * Each viewer's latest counted view per shop (migration 0039; kept by the triggers on product_views):
 * the dashboard counts a window's distinct visitors as the viewers seen since its start.
 */
export const productViewers = pgTable(
  'product_viewers',
  { shopId: integer('shop_id').notNull(), viewerKey: text('viewer_key').notNull(), lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.shopId, t.viewerKey] }), index('product_viewers_shop_seen_idx').on(t.shopId, t.lastSeenAt)],
);

/**
 * The devices (modules/devices: a random id in an httpOnly cookie) each shop member and each buyer
 * signed in from: checkout refuses a buyer who signed in on a device a member of the shop used.
 */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: text('device_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').references(() => buyers.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_sightings_user_idx').on(t.userId, t.deviceId).where(sql`${t.userId} is not null`),
    uniqueIndex('device_sightings_buyer_idx').on(t.buyerId, t.deviceId).where(sql`${t.buyerId} is not null`),
    index('device_sightings_device_idx').on(t.deviceId),
    check('device_sightings_one_account', sql`(${t.userId} is null) <> (${t.buyerId} is null)`),
  ],
);

/** Every change of a shop's credit score, with its reason code (SPEC §6 thresholds). */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** What caused it: an order number, or null. */
    ref: text('ref'),
    note: text('note').notNull().default(''),
    scoreAfter: integer('score_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_events_shop_idx').on(t.shopId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Reward activities: couple linking and the bonuses paid (migration 0005).

/**
 * Couple requests and links: a row is a request from one shop to another; accepted, it is the link
 * (status `linked`, never undone). The baselines are each side's cumulative top-up at link time,
 * so "top-up since the link" is `total_top_up_cents − baseline`; `basis` is the reward basis
 * (COUPLE_REWARD_BASIS) in force when the link was made.
 */
export const coupleLinks = pgTable(
  'couple_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromShopId: integer('from_shop_id').notNull().references(() => shops.id),
    toShopId: integer('to_shop_id').notNull().references(() => shops.id),
    status: text('status', { enum: ['pending', 'linked', 'declined', 'expired'] }).notNull().default('pending'),
    basis: text('basis', { enum: ['own', 'combined'] }),
    fromBaseTopUpCents: cents('from_base_top_up_cents'),
    toBaseTopUpCents: cents('to_base_top_up_cents'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('couple_links_distinct', sql`${t.fromShopId} <> ${t.toShopId}`),
    check('couple_links_linked_fields', sql`${t.status} <> 'linked' or (${t.basis} is not null and ${t.fromBaseTopUpCents} is not null and ${t.toBaseTopUpCents} is not null and ${t.decidedAt} is not null)`),
    // One open (pending or linked) relation per pair, whichever side asked.
    uniqueIndex('couple_links_open_pair').on(sql`least(${t.fromShopId}, ${t.toShopId})`, sql`greatest(${t.fromShopId}, ${t.toShopId})`).where(sql`${t.status} in ('pending', 'linked')`),
    // Each shop is linked once, on either side.
    uniqueIndex('couple_links_linked_from').on(t.fromShopId).where(sql`${t.status} = 'linked'`),
    uniqueIndex('couple_links_linked_to').on(t.toShopId).where(sql`${t.status} = 'linked'`),
    index('couple_links_to_idx').on(t.toShopId, t.status),
    index('couple_links_from_idx').on(t.fromShopId, t.status),
  ],
);

/**
 * A shop taking part in an open relation (a pending request either way, or its link): the primary
 * key makes "one request or link at a time per shop, on either side" a database rule, whatever
 * the races. Rows go when a request is declined or lapses; a link's rows stay for ever.
 */
export const coupleMembers = pgTable('couple_members', {
  shopId: integer('shop_id').primaryKey().references(() => shops.id),
  linkId: bigint('link_id', { mode: 'number' }).notNull().references(() => coupleLinks.id),
});

/** Bonuses received: one per shop, activity and tier; the ledger transfer is the payment. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    activity: text('activity', { enum: ['vip', 'couple'] }).notNull(),
    tier: integer('tier').notNull(),
    amountCents: cents('amount_cents').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull().references(() => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reward_claims_once').on(t.shopId, t.activity, t.tier), check('reward_claims_positive', sql`${t.amountCents} > 0 and ${t.tier} >= 1`)],
);

// The mall (migration 0011) --------------------------------------------------------

/** A buyer's saved receiver addresses (at most MALL.ADDRESSES_MAX; one default). */
export const buyerAddresses = pgTable(
  'buyer_addresses',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    area: text('area').notNull(),
    address: text('address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('buyer_addresses_buyer_idx').on(t.buyerId, t.id)],
);

/** A buyer's cart: one line per product variant (migration 0033; a product without options has one). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    shopProductId: integer('shop_product_id').notNull().references(() => shopProducts.id, { onDelete: 'cascade' }),
    /** Filled with the product's first variant by a trigger when an insert leaves it out. */
    variantId: integer('variant_id')
      .notNull()
      .references(() => shopProductVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_buyer_variant_uq').on(t.buyerId, t.variantId), check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`)],
);

/** Platform coupons: an amount off above a minimum spend, or a percentage with an optional cap. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    amountOffCents: cents('amount_off_cents'),
    percentOff: integer('percent_off'),
    maxDiscountCents: cents('max_discount_cents'),
    minSpendCents: cents('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    perBuyerLimit: integer('per_buyer_limit').notNull().default(1),
    createdAt: createdAt(),
    // Retired by an operator (migration 0027): no longer listed or claimed; claims made stay usable within its dates.
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_shape',
      sql`((${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOff} is null) or (${t.kind} = 'percent' and ${t.percentOff} between 1 and 99 and ${t.amountOffCents} is null)) and ${t.minSpendCents} >= 0 and (${t.maxDiscountCents} is null or ${t.maxDiscountCents} > 0) and ${t.endsAt} > ${t.startsAt} and ${t.perBuyerLimit} >= 1`,
    ),
  ],
);

/** A buyer's claim of a coupon; used once, by one checkout. */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id').notNull().references(() => coupons.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    checkoutNo: text('checkout_no'),
  },
  (t) => [index('coupon_claims_buyer_idx').on(t.buyerId, t.couponId)],
);

/** A shop's withdrawal address book: a withdrawal goes only to a live address saved long enough ago (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS). */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('withdrawal_addresses_live_uq').on(t.shopId, t.network, t.address).where(sql`${t.removedAt} is null`)],
);

/**
 * Buyer–seller chat (migration 0026; docs/decisions.md, "Chat"): one conversation per buyer and
 * shop. The read and delivered marks are per side, as the largest message id of the other side
 * that side has read or received.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    /** The buyer's interface language at their last message (shown beside the conversation). */
    buyerLang: text('buyer_lang').notNull().default('en-US'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The buyer's newest message, and the newest message a person of the shop wrote (auto-replies excluded). */
    lastBuyerAt: timestamp('last_buyer_at', { withTimezone: true }),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    sellerReadId: bigint('seller_read_id', { mode: 'number' }).notNull().default(0),
    sellerDeliveredId: bigint('seller_delivered_id', { mode: 'number' }).notNull().default(0),
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    buyerDeliveredId: bigint('buyer_delivered_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_shop_buyer_uq').on(t.shopId, t.buyerId),
    index('chat_conversations_shop_last_idx').on(t.shopId, t.lastMessageAt, t.id),
    index('chat_conversations_buyer_last_idx').on(t.buyerId, t.lastMessageAt, t.id),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    sender: text('sender', { enum: ['buyer', 'seller'] }).notNull(),
    /** The shop member who wrote it; null for the buyer's messages and auto-replies. */
    senderUserId: integer('sender_user_id').references(() => users.id),
    /** Set when the shop's auto-reply sent it: 'greeting' or 'off_hours'. */
    auto: text('auto', { enum: ['greeting', 'off_hours'] }),
    kind: text('kind', { enum: ['text', 'image', 'product', 'order', 'voucher'] }).notNull(),
    body: text('body').notNull().default(''),
    imageFile: text('image_file'),
    productId: integer('product_id').references(() => shopProducts.id, { onDelete: 'set null' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** The product, order or voucher as it was when sent. */
    card: jsonb('card').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_shop_created_idx').on(t.shopId, t.createdAt),
    index('chat_messages_buyer_sent_idx').on(t.buyerId, t.createdAt).where(sql`${t.sender} = 'buyer'`),
    check('chat_messages_sender_values', sql`${t.sender} in ('buyer', 'seller') and (${t.auto} is null or (${t.auto} in ('greeting', 'off_hours') and ${t.sender} = 'seller'))`),
    check('chat_messages_kind_values', sql`${t.kind} in ('text', 'image', 'product', 'order', 'voucher')`),
    check('chat_messages_body_length', sql`char_length(${t.body}) <= 8000`),
  ],
);

/**
 * What the live streams send of chat: a new message, or one side's delivered or read mark. Ids are
 * drawn from the notifications' sequence under the same per-shop lock (and a per-buyer lock), so a
 * seller's stream has one increasing id over notifications and chat, and Last-Event-ID replays both.
 */
export const chatEvents = pgTable(
  'chat_events',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('notifications_id_seq')`),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    kind: text('kind', { enum: ['message', 'delivered', 'read'] }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id),
    /** For delivered and read: whose mark moved, and to which message id. */
    side: text('side', { enum: ['buyer', 'seller'] }),
    upToId: bigint('up_to_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('chat_events_shop_idx').on(t.shopId, t.id), index('chat_events_buyer_idx').on(t.buyerId, t.id)],
);

/** A shop's quick replies: saved texts its members insert with "/". */
export const chatQuickReplies = pgTable(
  'chat_quick_replies',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_quick_replies_shop_idx').on(t.shopId, t.id)],
);

/** A shop's auto-replies and opening hours (a shop without a row has both off). */
export const chatSettings = pgTable('chat_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  greetingEnabled: boolean('greeting_enabled').notNull().default(false),
  greetingText: text('greeting_text').notNull().default(''),
  offHoursEnabled: boolean('off_hours_enabled').notNull().default(false),
  offHoursText: text('off_hours_text').notNull().default(''),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Opening days, ISO numbers 1 (Monday) to 7. */
  openDays: jsonb('open_days').$type<number[]>().notNull().default([1, 2, 3, 4, 5, 6, 7]),
  openMinute: integer('open_minute').notNull().default(540),
  closeMinute: integer('close_minute').notNull().default(1080),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A seller's block of a buyer (kept after an unblock, for the operators). */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    reason: text('reason').notNull().default(''),
    blockedBy: integer('blocked_by').references(() => users.id),
    createdAt: createdAt(),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
    unblockedBy: integer('unblocked_by').references(() => users.id),
  },
  (t) => [uniqueIndex('chat_blocks_live_uq').on(t.shopId, t.buyerId).where(sql`${t.unblockedAt} is null`)],
);

/** Single-use tickets for a mall buyer's chat stream (like the sellers' stream tickets). */
export const buyerStreamTickets = pgTable(
  'buyer_stream_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => buyerSessions.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('buyer_stream_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * A shop's vouchers (migration 0028): shop-wide or for chosen products (voucher_products), a fixed
 * amount or a percentage with a cap, a minimum spend, a window, a total quantity (used_count never
 * passes it: the checkout's conditional update) and a limit per buyer; public or by code.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['shop', 'products'] }).notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    amountOffCents: cents('amount_off_cents'),
    percentOff: integer('percent_off'),
    maxDiscountCents: cents('max_discount_cents'),
    minSpendCents: cents('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    perBuyerLimit: integer('per_buyer_limit').notNull(),
    visibility: text('visibility', { enum: ['public', 'code'] }).notNull(),
    code: text('code'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'vouchers_shape',
      sql`((${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOff} is null and ${t.maxDiscountCents} is null) or (${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null and ${t.maxDiscountCents} > 0)) and ${t.minSpendCents} >= 0 and ${t.endsAt} > ${t.startsAt} and ${t.totalQuantity} >= 1 and ${t.perBuyerLimit} >= 1 and ${t.usedCount} between 0 and ${t.totalQuantity} and (${t.visibility} = 'code') = (${t.code} is not null)`,
    ),
    uniqueIndex('vouchers_shop_code_uq').on(t.shopId, t.code).where(sql`${t.code} is not null`),
    index('vouchers_shop_idx').on(t.shopId, t.id),
  ],
);

export const voucherProducts = pgTable(
  'voucher_products',
  {
    voucherId: integer('voucher_id').notNull().references(() => vouchers.id),
    shopProductId: integer('shop_product_id').notNull().references(() => shopProducts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.shopProductId] })],
);

/** A buyer's claim of a voucher: one per buyer; a checkout uses a voucher through it. */
export const voucherClaims = pgTable(
  'voucher_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: integer('voucher_id').notNull().references(() => vouchers.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_claims_voucher_buyer_uq').on(t.voucherId, t.buyerId), index('voucher_claims_buyer_idx').on(t.buyerId)],
);

/** One checkout's use of a voucher (its discount over that shop's orders); returned when all of them are refunded or cancelled while it runs. */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: integer('voucher_id').notNull().references(() => vouchers.id),
    buyerId: integer('buyer_id').notNull().references(() => buyers.id),
    checkoutNo: text('checkout_no').notNull(),
    discountCents: cents('discount_cents').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('voucher_uses_voucher_buyer_idx').on(t.voucherId, t.buyerId), check('voucher_uses_discount_positive', sql`${t.discountCents} > 0`)],
);

/**
 * A shop's flash deals (migration 0029): one product at a deal price for a window, up to stock_cap
 * deal units (sold_count never passes it: the checkout's conditional update); ended early by ended_at.
 */
export const flashDeals = pgTable(
  'flash_deals',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    shopProductId: integer('shop_product_id').notNull().references(() => shopProducts.id, { onDelete: 'cascade' }),
    dealPriceCents: cents('deal_price_cents').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    stockCap: integer('stock_cap').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('flash_deals_shape', sql`${t.dealPriceCents} > 0 and ${t.endsAt} > ${t.startsAt} and ${t.stockCap} >= 1 and ${t.soldCount} between 0 and ${t.stockCap}`),
    index('flash_deals_shop_idx').on(t.shopId, t.id),
    index('flash_deals_product_idx').on(t.shopProductId, t.endsAt),
  ],
);
