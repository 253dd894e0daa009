import { z } from 'zod';
import { CATALOG, MONEY, SHOP, WALLET } from '../constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { paged } from '../envelope.ts';
import { ALL_CATEGORIES } from '../products/schemas.ts';
import { SELLER_ORDER_STAGES } from '../orders/lifecycle.ts';
import { withinGraphemes } from '../text-length.ts';
import { pageFields, queryBoolean, VM } from '../validation.ts';

/**
 * The operator console's catalog and marketplace half: the shared warehouse, shops and buyers, a
 * frozen shop's appeal, the marketplace settings and the money overview (`/api/ops/*`).
 * Amounts are integer cents.
 */

/** Message keys of this file's fields (the server and the console translate them). */
export const OCV = {
  name: 'validation.warehouseName',
  category: 'validation.category',
  purchasePrice: 'validation.purchasePrice',
  stock: 'validation.stock',
  appealText: 'validation.appealText',
  answer: 'validation.appealAnswer',
  freezeReason: 'validation.freezeReason',
  address: 'validation.depositAddress',
  withdrawRange: 'validation.withdrawRange',
  feeRate: 'validation.feeRate',
  serviceUrl: 'validation.serviceUrl',
  invalid: 'validation.invalid',
} as const;

/** How many rows one spreadsheet import may hold. */
export const WAREHOUSE_IMPORT_MAX_ROWS = 1000;
/** The largest spreadsheet accepted. */
export const WAREHOUSE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The largest product photo accepted (PNG, JPEG, WebP or GIF). */
export const WAREHOUSE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The languages a warehouse product's name and description may be written in besides English:
 * its own name and description are the English text every reader falls back to.
 */
export const TRANSLATED_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE) as Exclude<LanguageCode, 'en-US'>[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
/** The spreadsheet's columns, in the order of the downloadable template. */
export const WAREHOUSE_IMPORT_COLUMNS = ['name', 'description', 'category', 'purchasePrice', 'stock', 'active'] as const;

export const text = (max: number, message: string, min = 0) => z.string({ error: message }).trim().min(min, message).refine(withinGraphemes(max), message);

export const categoryField = z.enum(ALL_CATEGORIES, { error: OCV.category });
export const purchasePriceField = z.number({ error: OCV.purchasePrice }).int(OCV.purchasePrice).positive(OCV.purchasePrice).max(MONEY.AMOUNT_MAX_CENTS, OCV.purchasePrice);
export const stockField = z.number({ error: OCV.stock }).int(OCV.stock).min(0, OCV.stock).max(CATALOG.STOCK_MAX, OCV.stock);

/**
 * A product's name and description in one other language; an empty one falls back to English.
 * The name is not required here: a description alone may be translated.
 */
export const warehouseTranslation = z.object({
  name: text(CATALOG.NAME_MAX, OCV.name).default(''),
  description: text(CATALOG.DESCRIPTION_MAX, VM.text).default(''),
});
export type WarehouseTranslation = z.output<typeof warehouseTranslation>;
/** The translations by language (any of TRANSLATED_LANGUAGES); given, it replaces the product's whole set. */
export const warehouseTranslations = z.partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]], { error: OCV.invalid }), warehouseTranslation, { error: OCV.invalid });
export type WarehouseTranslations = z.output<typeof warehouseTranslations>;

/** The fields of a warehouse product as the console sends them, without defaults (a patch leaves out what it keeps). */
const warehouseProductFields = z.object({
  name: text(CATALOG.NAME_MAX, OCV.name, 1),
  description: text(CATALOG.DESCRIPTION_MAX, VM.text),
  category: categoryField,
  purchasePriceCents: purchasePriceField,
  stock: stockField,
  active: z.boolean(),
  translations: warehouseTranslations,
});

/** POST /api/ops/warehouse: a new warehouse product (the photo is uploaded afterwards, else a drawn cover); name and description are English. */
export const warehouseProductBody = warehouseProductFields.extend({
  description: warehouseProductFields.shape.description.default(''),
  active: z.boolean().default(true),
  translations: warehouseTranslations.default({}),
});
export type WarehouseProductBody = z.input<typeof warehouseProductBody>;

/** POST /api/ops/warehouse/:id: any of the fields (one left out is kept); a price change applies to later orders only. */
export const warehouseProductPatch = warehouseProductFields.partial();
export type WarehouseProductPatch = z.input<typeof warehouseProductPatch>;

/** POST /api/ops/warehouse/:id/gallery/arrange: the gallery in its new order; a picture left out is removed. */
export const galleryArrangeBody = z.object({ images: z.array(z.string().max(200)).max(CATALOG.GALLERY_MAX) });
export type GalleryArrangeBody = z.input<typeof galleryArrangeBody>;

export const opsWarehouseQuery = z.object({
  ...pageFields,
  q: z.string().trim().max(100).optional(),
  category: z.enum(ALL_CATEGORIES).optional(),
  active: queryBoolean.optional(),
});
export type OpsWarehouseQuery = z.output<typeof opsWarehouseQuery>;

/** One warehouse product as the console lists it, with the sale prices the suggested profit ratios give. */
export const opsWarehouseRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  cover: z.string(),
  /** Pictures shown after the cover, in order (at most CATALOG.GALLERY_MAX). */
  gallery: z.array(z.string()),
  translations: z.partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]), z.object({ name: z.string(), description: z.string() })),
  purchasePriceCents: z.number(),
  suggestedPriceMinCents: z.number(),
  suggestedPriceMaxCents: z.number(),
  stock: z.number(),
  sales: z.number(),
  active: z.boolean(),
  shopsSelling: z.number(),
  /** 1 for a product without options; with several, price and stock are set per variant. */
  variantCount: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type OpsWarehouseRow = z.infer<typeof opsWarehouseRow>;
export const opsWarehousePage = paged(opsWarehouseRow);

export const importQuery = z.object({ dryRun: queryBoolean.default(true) });

/** One spreadsheet row's outcome: its errors (localized), or what it became. */
export const importRowReport = z.object({
  row: z.number(),
  name: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  productId: z.number().nullable(),
});
export const importReport = z.object({
  dryRun: z.boolean(),
  total: z.number(),
  valid: z.number(),
  created: z.number(),
  rows: z.array(importRowReport),
});
export type ImportReport = z.infer<typeof importReport>;

// Shops and buyers ------------------------------------------------------------------------------

export const opsShopsQuery = z.object({ ...pageFields, q: z.string().trim().max(100).optional(), frozen: queryBoolean.optional() });
export const opsShopRow = z.object({
  id: z.number(),
  name: z.string(),
  ownerUsername: z.string(),
  ownerName: z.string(),
  creditScore: z.number(),
  vipLevel: z.number(),
  frozen: z.boolean(),
  frozenReason: z.string(),
  approval: z.string(),
  availableCents: z.number(),
  frozenCents: z.number(),
  ordersCount: z.number(),
  productsCount: z.number(),
  openAppeal: z.boolean(),
  createTime: z.string(),
});
export type OpsShopRow = z.infer<typeof opsShopRow>;
export const opsShopsPage = paged(opsShopRow);

export const appealStatus = z.enum(['open', 'answered']);
export const appealRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  text: z.string(),
  status: appealStatus,
  answer: z.string(),
  answeredByName: z.string().nullable(),
  answerTime: z.string().nullable(),
  createTime: z.string(),
});
export type AppealRow = z.infer<typeof appealRow>;

/** One change of a shop's credit score, automatic (a late purchase) or an operator's, newest first. */
export const opsCreditEventRow = z.object({
  id: z.number(),
  delta: z.number(),
  reason: z.string(),
  ref: z.string().nullable(),
  note: z.string(),
  scoreAfter: z.number(),
  createTime: z.string(),
});
export type OpsCreditEventRow = z.infer<typeof opsCreditEventRow>;

/** GET /api/ops/shops/:id/orders: the shop's orders, newest first, each at its seller stage. */
export const opsShopOrdersQuery = z.object({ ...pageFields });
export const opsShopOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  productName: z.string(),
  quantity: z.number(),
  amountCents: z.number(),
  profitCents: z.number(),
  buyerName: z.string(),
  stage: z.enum(SELLER_ORDER_STAGES),
  createTime: z.string(),
});
export type OpsShopOrderRow = z.infer<typeof opsShopOrderRow>;
export const opsShopOrdersPage = paged(opsShopOrderRow);

export const opsShopDetail = opsShopRow.extend({
  ownerEmail: z.string(),
  totalTopUpCents: z.number(),
  whatsapp: z.string(),
  appeals: z.array(appealRow),
  /** The latest credit events (at most 100). */
  creditEvents: z.array(opsCreditEventRow),
});
export type OpsShopDetail = z.infer<typeof opsShopDetail>;

export const opsBuyersQuery = z.object({ ...pageFields, q: z.string().trim().max(100).optional() });
export const opsBuyerRow = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  walletCents: z.number(),
  ordersCount: z.number(),
  createTime: z.string(),
  frozen: z.boolean(),
  frozenReason: z.string(),
});
export type OpsBuyerRow = z.infer<typeof opsBuyerRow>;
export const opsBuyersPage = paged(opsBuyerRow);

/** Freezing a buyer needs the reason the buyer is shown. */
export const buyerFreezeBody = z.object({ reason: text(500, OCV.freezeReason, 1) });
export type BuyerFreezeBody = z.input<typeof buyerFreezeBody>;

export const opsAppealsQuery = z.object({ status: appealStatus.default('open') });
export const appealBody = z.object({ text: text(SHOP.APPEAL_TEXT_MAX, OCV.appealText, 1) });
export const appealAnswerBody = z.object({ answer: text(SHOP.APPEAL_TEXT_MAX, OCV.answer, 1), unfreeze: z.boolean().default(false) });
export type AppealAnswerBody = z.input<typeof appealAnswerBody>;
/** GET /api/shop/appeal: whether the shop is frozen, why, and its latest appeal. */
export const shopAppealState = z.object({ frozen: z.boolean(), frozenReason: z.string(), appeal: appealRow.nullable() });
export type ShopAppealState = z.infer<typeof shopAppealState>;

// Marketplace settings -------------------------------------------------------------------------

const addressField = z.string({ error: OCV.address }).trim().min(10, OCV.address).max(100, OCV.address).regex(/^[A-Za-z0-9]+$/, OCV.address);

/** The settings an operator changes in the console; each falls back to its environment variable. */
export const marketplaceSettings = z
  .object({
    depositAddresses: z.object(Object.fromEntries(WALLET.NETWORKS.map((n) => [n, addressField])) as Record<(typeof WALLET.NETWORKS)[number], typeof addressField>).partial(),
    withdrawMinCents: z.number({ error: OCV.withdrawRange }).int(OCV.withdrawRange).positive(OCV.withdrawRange).max(MONEY.AMOUNT_MAX_CENTS, OCV.withdrawRange),
    withdrawMaxCents: z.number({ error: OCV.withdrawRange }).int(OCV.withdrawRange).positive(OCV.withdrawRange).max(MONEY.AMOUNT_MAX_CENTS, OCV.withdrawRange),
    withdrawFeeBp: z.number({ error: OCV.feeRate }).int(OCV.feeRate).min(0, OCV.feeRate).max(5000, OCV.feeRate),
    // A page of this site (/support-chat.html) or an https/http address; empty hides the link.
    customerServiceUrl: z.string({ error: OCV.serviceUrl }).trim().max(300, OCV.serviceUrl).regex(/^$|^\/[^/\\]|^https?:\/\/[^\s]+$/, OCV.serviceUrl),
  })
  .refine((s) => s.withdrawMinCents <= s.withdrawMaxCents, { message: OCV.withdrawRange, path: ['withdrawMinCents'] });
export type MarketplaceSettings = z.infer<typeof marketplaceSettings>;
export const marketplaceSettingsAnswer = z.object({
  settings: z.object({
    depositAddresses: z.record(z.string(), z.string()),
    withdrawMinCents: z.number(),
    withdrawMaxCents: z.number(),
    withdrawFeeBp: z.number(),
    customerServiceUrl: z.string(),
  }),
  /** Which settings were changed in the console (the others come from the environment). */
  stored: z.array(z.string()),
  updateTime: z.string().nullable(),
});
export type MarketplaceSettingsAnswer = z.infer<typeof marketplaceSettingsAnswer>;

// Money overview -------------------------------------------------------------------------------

export const moneyOverview = z.object({
  platformAccounts: z.array(z.object({ code: z.string(), balanceCents: z.number() })),
  shopsAvailableCents: z.number(),
  shopsFrozenCents: z.number(),
  buyersWalletCents: z.number(),
  today: z.object({
    depositsCents: z.number(),
    depositsCount: z.number(),
    withdrawalsCents: z.number(),
    withdrawalsCount: z.number(),
    feesCents: z.number(),
    packagesCents: z.number(),
  }),
  pending: z.object({ deposits: z.number(), withdrawals: z.number() }),
});
export type MoneyOverview = z.infer<typeof moneyOverview>;
