import { withinGraphemes } from '../text-length.ts';
import { z } from 'zod';
import { encoded, plainPasswordSchema, V } from '../auth/schemas.ts';
import { CATALOG, ORDERS, REVIEWS } from '../constants.ts';
import { paged } from '../envelope.ts';
import { buyerProductView } from '../dashboard/schemas.ts';
import { buyerOrderView } from '../orders/schemas.ts';
import { BUYER_ORDER_TABS, PURCHASE_STATUSES } from '../orders/lifecycle.ts';
import { PACKAGE_TYPES } from '../products/packages.ts';
import { quantityField } from '../validation.ts';

/**
 * The mall's requests and answers. Money is
 * in integer cents. Buyer routes take the `buyerToken` header; browsing routes take it optionally
 * and an `x-visitor-id` header for anonymous visitors.
 */

export const MALL = {
  /** The 8 category tiles of the home page, in this order (SPEC §3). */
  CATEGORIES: [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES] as readonly MallCategory[],
  USERNAME_PATTERN: /^[A-Za-z0-9_]+$/,
  NICKNAME_MAX: 32,
  TOPUP_MIN_CENTS: 1,
  /** 10,000 USDT per demo top-up. */
  TOPUP_MAX_CENTS: 1_000_000,
  ADDRESSES_MAX: 20,
  /** Deposit requests one buyer may have waiting for the operator at once (each holds a screenshot on disk). */
  PENDING_DEPOSITS_MAX: 3,
  CART_QUANTITY_MAX: ORDERS.QUANTITY_MAX,
  /** Cart lines one checkout may take. */
  CHECKOUT_ITEMS_MAX: 50,
  PAGE_SIZE_MAX: 50,
  RANKING_SIZE: 10,
  /** A viewer counts one exposure for a shop's package in this many minutes (EXPOSURE_WINDOW_MINUTES overrides). */
  EXPOSURE_WINDOW_MINUTES: 30,
  RECEIVER_NAME_MAX: ORDERS.RECEIVER_NAME_MAX,
  RECEIVER_AREA_MAX: 100,
  RECEIVER_ADDRESS_MAX: ORDERS.RECEIVER_ADDRESS_MAX,
} as const;

export type MallCategory = (typeof CATALOG.CATEGORIES)[number] | (typeof CATALOG.MALL_CATEGORIES)[number];
export const MALL_CATEGORIES = [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES] as [MallCategory, ...MallCategory[]];

/** Validation message keys of the mall's forms (the mobile kit's name/phone/address/area messages, SPEC §5). */
export const MV = {
  username: 'validation.buyerUsername',
  nickname: 'validation.nickname',
  receiverName: 'validation.receiverName',
  receiverPhone: 'validation.receiverPhone',
  receiverAddress: 'validation.receiverAddress',
  receiverArea: 'validation.receiverArea',
  priceRange: 'validation.priceRange',
  topupAmount: 'validation.topupAmount',
  addressChoice: 'validation.addressChoice',
} as const;

export const packageTypeField = z.enum(PACKAGE_TYPES).nullable();

// Buyer account ------------------------------------------------------------------------------

/** Same limits as the login form (SPEC §5: username 3–20, password 6–20), letters, digits and _. */
export const buyerUsernameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(3, V.usernameLength)
  .max(20, V.usernameLength)
  .regex(MALL.USERNAME_PATTERN, MV.username);

export const registerBody = z.object({
  username: buyerUsernameSchema,
  /** base64, like the login. */
  password: encoded(plainPasswordSchema),
  nickname: z.string().trim().min(1, MV.nickname).refine(withinGraphemes(MALL.NICKNAME_MAX), MV.nickname).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const buyerMe = z.object({
  buyerId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  balanceCents: z.number().int(),
  /** True only in demo mode (SEED_DEMO): the wallet may be topped up with demo money; otherwise money comes by an approved deposit. */
  demoTopUp: z.boolean(),
});
export type BuyerMe = z.infer<typeof buyerMe>;

export const topupBody = z.object({
  amountCents: z.number({ error: MV.topupAmount }).int(MV.topupAmount).min(MALL.TOPUP_MIN_CENTS, MV.topupAmount).max(MALL.TOPUP_MAX_CENTS, MV.topupAmount),
});
export type TopupBody = z.input<typeof topupBody>;

/** A buyer's deposit request as the buyer and the operator see it (its screenshot is fetched apart). */
export const buyerDepositRow = z.object({
  id: z.number().int(),
  buyerId: z.number().int(),
  currency: z.string(),
  network: z.string(),
  /** The platform's address the buyer paid to. */
  address: z.string(),
  /** The address the buyer says the money came from (what the operator matches on the chain). */
  fromAddress: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string().nullable(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
});

/** One line of the buyer's wallet statement; `demo` marks money of the demo's own source. */
export const buyerWalletLine = z.object({
  id: z.number().int(),
  type: z.string(),
  changeCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  orderId: z.string().nullable(),
  demo: z.boolean(),
  createTime: z.string(),
});
export const buyerWalletStatement = z.object({ list: z.array(buyerWalletLine) });

// Addresses ----------------------------------------------------------------------------------

export const receiverFields = {
  name: z.string({ error: MV.receiverName }).trim().min(1, MV.receiverName).refine(withinGraphemes(MALL.RECEIVER_NAME_MAX), MV.receiverName),
  phone: z.string({ error: MV.receiverPhone }).trim().regex(/^\+?[0-9][0-9 \-()]{4,19}$/, MV.receiverPhone),
  area: z.string({ error: MV.receiverArea }).trim().min(1, MV.receiverArea).max(MALL.RECEIVER_AREA_MAX, MV.receiverArea),
  address: z.string({ error: MV.receiverAddress }).trim().min(5, MV.receiverAddress).max(MALL.RECEIVER_ADDRESS_MAX - MALL.RECEIVER_AREA_MAX - 1, MV.receiverAddress),
};
export const receiverBody = z.object(receiverFields);
export type ReceiverBody = z.input<typeof receiverBody>;

export const addressBody = z.object({ ...receiverFields, isDefault: z.boolean().optional().default(false) });
export type AddressBody = z.input<typeof addressBody>;

export const addressView = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  area: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
});
export type AddressView = z.infer<typeof addressView>;
export const addressListAnswer = z.array(addressView);

export const idParams = z.object({ id: z.coerce.number().int().positive() });

// Browsing -----------------------------------------------------------------------------------

export const productCard = z.object({
  productId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  name: z.string(),
  cover: z.string(),
  category: z.string(),
  /** The list price (before any discount). */
  priceCents: z.number().int(),
  /** What the buyer pays now (the discount honoured within its dates). */
  salePriceCents: z.number().int(),
  /** The discount in percent while it applies (e.g. 12.5), else null. */
  discountPct: z.number().nullable(),
  ratingX10: z.number().int(),
  totalSales: z.number().int(),
  views: z.number().int(),
  stock: z.number().int(),
  isRecommended: z.boolean(),
  /** The shop has an active promotion package. */
  promoted: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;

export const homeAnswer = z.object({
  categories: z.array(z.object({ key: z.enum(MALL_CATEGORIES), productCount: z.number().int() })),
  banners: z.array(
    z.object({ shopId: z.number().int(), shopName: z.string(), logo: z.string().nullable(), packageType: z.enum(PACKAGE_TYPES), productIds: z.array(z.number().int()) }),
  ),
  rankings: z.object({
    bestSelling: z.array(productCard),
    mostViewed: z.array(productCard),
    topRated: z.array(productCard),
    newest: z.array(productCard),
  }),
});
export type HomeAnswer = z.infer<typeof homeAnswer>;

export const MALL_SORTS = ['recommended', 'sales', 'views', 'rating', 'newest', 'price_asc', 'price_desc'] as const;
export type MallSort = (typeof MALL_SORTS)[number];

const mallPageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MALL.PAGE_SIZE_MAX).default(20),
};
const centsQuery = z.coerce.number().int().min(0).max(1_000_000_000);

export const productSearchQuery = z
  .object({
    keyword: z.string().trim().max(100).optional(),
    category: z.enum(MALL_CATEGORIES).optional(),
    minPriceCents: centsQuery.optional(),
    maxPriceCents: centsQuery.optional(),
    minRating: z.coerce.number().int().min(1).max(5).optional(),
    sort: z.enum(MALL_SORTS).default('recommended'),
    ...mallPageFields,
  })
  .refine((q) => q.minPriceCents === undefined || q.maxPriceCents === undefined || q.minPriceCents <= q.maxPriceCents, { message: MV.priceRange, path: ['maxPriceCents'] });
export type ProductSearchQuery = z.input<typeof productSearchQuery>;

export const productListAnswer = paged(productCard);
export type ProductListAnswer = z.infer<typeof productListAnswer>;

export const shopProductsQuery = z.object({ sort: z.enum(MALL_SORTS).default('recommended'), ...mallPageFields });
export type ShopProductsQuery = z.input<typeof shopProductsQuery>;

/** GET /api/buyer/products/:id: the view-counting product page, extended for the mall. */
export const mallProductView = buyerProductView.extend({
  priceCents: z.number().int(),
  discountPct: z.number().nullable(),
  discountStart: z.string().nullable(),
  discountEnd: z.string().nullable(),
  ratingX10: z.number().int(),
  shopName: z.string(),
  /** Cover first. */
  images: z.array(z.string()),
  reviewsCount: z.number().int(),
  isRecommended: z.boolean(),
  promoted: z.boolean(),
  /** The option axes ([] without options) and the variants on sale, each with its values, prices, image and whether any is left. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.object({
      id: z.number().int(),
      optionValues: z.array(z.string()),
      name: z.string(),
      priceCents: z.number().int(),
      salePriceCents: z.number().int(),
      image: z.string().nullable(),
      stock: z.number().int(),
      inStock: z.boolean(),
    }),
  ),
});
export type MallProductView = z.infer<typeof mallProductView>;

export const reviewsQuery = z.object(mallPageFields);
export const mallReviewView = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  /** Masked, e.g. "b***1". */
  nickname: z.string(),
  createTime: z.string(),
  reply: z.string().nullable(),
  replyTime: z.string().nullable(),
});
export type MallReviewView = z.infer<typeof mallReviewView>;
export const mallReviewListAnswer = paged(mallReviewView);

export const shopView = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  ratingX10: z.number().int(),
  productCount: z.number().int(),
  vipLevel: z.number().int(),
  packageType: packageTypeField,
});
export type ShopView = z.infer<typeof shopView>;

// Cart ---------------------------------------------------------------------------------------

export const cartItemView = z.object({
  itemId: z.number().int(),
  productId: z.number().int(),
  /** The line's variant: its id, name ("Blue, M"; '' without options) and SKU. */
  variantId: z.number().int(),
  variantName: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The variant's picture, else the product's cover. */
  cover: z.string(),
  salePriceCents: z.number().int(),
  quantity: z.number().int(),
  /** The variant's stock. */
  stock: z.number().int(),
  /** On sale, published, shop not frozen, the variant switched on and its stock > 0. */
  available: z.boolean(),
  lineCents: z.number().int(),
  /** A running flash deal prices this line (salePriceCents is its price), else null. */
  dealId: z.number().int().nullable(),
  /** The price without the deal, when a deal prices the line, else null. */
  normalPriceCents: z.number().int().nullable(),
});
export type CartItemView = z.infer<typeof cartItemView>;
export const cartAnswer = z.object({
  shops: z.array(z.object({ shopId: z.number().int(), shopName: z.string(), items: z.array(cartItemView) })),
  /** Sum of the available lines. */
  totalCents: z.number().int(),
  /** What the flash deals take off the available lines (already out of totalCents). */
  dealSavingCents: z.number().int(),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

/** A product with several variants needs variantId (VARIANT_REQUIRED); one variant may be left out. Lines are per variant. */
export const cartAddBody = z.object({ productId: z.coerce.number().int().positive(), variantId: z.coerce.number().int().positive().optional(), quantity: quantityField.default(1) });
export type CartAddBody = z.input<typeof cartAddBody>;
export const cartUpdateBody = z.object({ quantity: quantityField });
export type CartUpdateBody = z.input<typeof cartUpdateBody>;
export const cartItemParams = z.object({ itemId: z.coerce.number().int().positive() });

// Coupons ------------------------------------------------------------------------------------

export const COUPON_KINDS = ['amount', 'percent'] as const;
/** A platform coupon's terms, as the mall and the console show them. */
export const couponTermsView = {
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(COUPON_KINDS),
  amountOffCents: z.number().int().nullable(),
  percentOff: z.number().int().nullable(),
  maxDiscountCents: z.number().int().nullable(),
  minSpendCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  perBuyerLimit: z.number().int(),
};
export const couponView = z.object({
  ...couponTermsView,
  /** How many times the logged-in buyer claimed it (0 when anonymous). */
  claimedByMe: z.number().int(),
});
export type CouponView = z.infer<typeof couponView>;
export const couponListAnswer = z.array(couponView);

export const claimBody = z.object({ couponId: z.coerce.number().int().positive() });
export type ClaimBody = z.input<typeof claimBody>;

export const myCouponView = couponView.extend({
  claimId: z.number().int(),
  claimedAt: z.string(),
  usedAt: z.string().nullable(),
  checkoutNo: z.string().nullable(),
});
export type MyCouponView = z.infer<typeof myCouponView>;
export const myCouponListAnswer = z.array(myCouponView);

// Checkout -----------------------------------------------------------------------------------

export const mallCheckoutBody = z
  .object({
    itemIds: z.array(z.coerce.number().int().positive()).min(1).max(MALL.CHECKOUT_ITEMS_MAX),
    addressId: z.coerce.number().int().positive().optional(),
    address: receiverBody.optional(),
    claimId: z.coerce.number().int().positive().optional(),
    /** Claimed seller vouchers, at most one per shop of the cart. */
    voucherIds: z.array(z.coerce.number().int().positive()).max(MALL.CHECKOUT_ITEMS_MAX).optional(),
  })
  .refine((b) => (b.addressId === undefined) !== (b.address === undefined), { message: MV.addressChoice, path: ['addressId'] });
export type MallCheckoutBody = z.input<typeof mallCheckoutBody>;

/** A buyer's order in the mall: the buyer view plus the shop, the coupon share and what the buyer paid. */
export const mallOrderView = buyerOrderView.extend({
  shopName: z.string(),
  purchaseStatus: z.enum(PURCHASE_STATUSES),
  /** When the seller bought the stock from the supplier (the buyer's "prepared" step), or null. */
  purchaseTime: z.string().nullable(),
  /** The shop voucher's share of this order (paid by the seller: amountCents is already after it). */
  sellerDiscountCents: z.number().int(),
  voucherId: z.number().int().nullable(),
  /** The flash deal the order was bought at (unitPrice is its price), its normal unit price and the saving (normal − deal) × quantity; null and 0 without. */
  flashDealId: z.number().int().nullable(),
  normalUnitPriceCents: z.number().int().nullable(),
  dealSavingCents: z.number().int(),
  /** The coupon's share of this order (paid by the platform). */
  discountCents: z.number().int(),
  /** amount − discount: what the buyer paid for this order. */
  paidCents: z.number().int(),
  checkoutNo: z.string().nullable(),
});
export type MallOrderView = z.infer<typeof mallOrderView>;

export const checkoutAnswer = z.object({
  checkoutNo: z.string(),
  /** One order per cart line (seller orders are single-product), ordered by shop. */
  orders: z.array(mallOrderView),
  /** The same orders grouped by shop, as the mall shows them. */
  shops: z.array(
    z.object({
      shopId: z.number().int(),
      shopName: z.string(),
      orderIds: z.array(z.string()),
      /** The shop's orders' amounts: after its voucher. */
      amountCents: z.number().int(),
      sellerDiscountCents: z.number().int(),
      voucherId: z.number().int().nullable(),
      discountCents: z.number().int(),
    }),
  ),
  /** The lines at their prices (a flash deal's where one applied), before any voucher or coupon. */
  totalCents: z.number().int(),
  /** What the flash deals took off the normal prices (already out of totalCents, paid by the sellers). */
  dealSavingCents: z.number().int(),
  /** The shops' vouchers, paid by the sellers. */
  sellerDiscountCents: z.number().int(),
  /** The platform coupon, paid by the platform. */
  discountCents: z.number().int(),
  /** totalCents − sellerDiscountCents − discountCents. */
  paidCents: z.number().int(),
  /** The buyer's wallet afterwards. */
  balanceCents: z.number().int(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

// After the purchase -------------------------------------------------------------------------

export const buyerOrdersQuery = z.object({ status: z.enum(BUYER_ORDER_TABS).default('all'), ...mallPageFields });
export type BuyerOrdersQuery = z.input<typeof buyerOrdersQuery>;
export const buyerOrderListAnswer = paged(mallOrderView);
export type BuyerOrderListAnswer = z.infer<typeof buyerOrderListAnswer>;

export const buyerOrderParams = z.object({ orderId: z.string().trim().min(1).max(64) });

export const buyerOrderDetail = mallOrderView.extend({
  /** The SKU of the variant bought, as recorded at checkout. */
  sku: z.string(),
  refundNote: z.string().nullable(),
  refundRejectReason: z.string().nullable(),
  canCancel: z.boolean(),
  /** Delivered by the carrier, not signed yet: the buyer may press "Order received" (it settles the order). */
  canConfirmReceipt: z.boolean(),
  canRefund: z.boolean(),
  /** Signed within the 7-day no-reason return window. */
  canReturn: z.boolean(),
  canReview: z.boolean(),
  /** Until when a return may be asked (signed + 7 days), else null. */
  returnDeadline: z.string().nullable(),
  review: z
    .object({
      rating: z.number().int().min(REVIEWS.RATING_MIN).max(REVIEWS.RATING_MAX),
      content: z.string(),
      images: z.array(z.string()),
      createTime: z.string(),
      reply: z.string().nullable(),
      replyTime: z.string().nullable(),
    })
    .nullable(),
});
export type BuyerOrderDetail = z.infer<typeof buyerOrderDetail>;
