/**
 * The error catalogue shared by server and web (DESIGN §4). Every failure answers
 * `{ code, msg, error }` with the HTTP status below; `msg` is localized by the server.
 * Body code 401 is reserved for "no or expired session" (SPEC §8), -1 for a wrong old password.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, code: 1000 },
  BAD_REQUEST: { status: 400, code: 1001 },
  UNAUTHORIZED: { status: 401, code: 401 },
  INVALID_CREDENTIALS: { status: 401, code: 1002 },
  FORBIDDEN: { status: 403, code: 403 },
  NOT_FOUND: { status: 404, code: 404 },
  CONFLICT: { status: 409, code: 409 },
  IDEMPOTENCY_KEY_REUSED: { status: 409, code: 1003 },
  PAYLOAD_TOO_LARGE: { status: 413, code: 413 },
  WRONG_OLD_PASSWORD: { status: 422, code: -1 },
  PASSWORDS_DO_NOT_MATCH: { status: 400, code: 1004 },
  SAME_PASSWORD: { status: 422, code: 1005 },
  LOGIN_LOCKED: { status: 429, code: 1006 },
  TOO_MANY_REQUESTS: { status: 429, code: 429 },
  /** Too many wrong answers to a secret other than the login (the old password of a change): names the wait. */
  TOO_MANY_ATTEMPTS: { status: 429, code: 1007 },
  /** The general rate limit (per session and per address): names the wait; Retry-After carries it. */
  RATE_LIMITED: { status: 429, code: 1008 },
  FUND_PASSWORD_NOT_SET: { status: 422, code: 1010 },
  FUND_PASSWORD_ALREADY_SET: { status: 409, code: 1011 },
  FUND_PASSWORD_WRONG: { status: 422, code: 1012 },
  FUND_PASSWORD_LOCKED: { status: 429, code: 1013 },
  INSUFFICIENT_BALANCE: { status: 422, code: 1020 },
  AMOUNT_BELOW_MIN: { status: 400, code: 1021 },
  AMOUNT_ABOVE_MAX: { status: 400, code: 1022 },
  INVALID_AMOUNT: { status: 400, code: 1023 },
  SHOP_FROZEN: { status: 422, code: 1024 },
  CREDIT_TOO_LOW: { status: 422, code: 1025 },
  WITHDRAW_METHOD_UNSUPPORTED: { status: 422, code: 1026 },
  INVALID_FILE_TYPE: { status: 400, code: 1027 },
  FILE_TOO_LARGE: { status: 413, code: 1028 },
  FILE_REQUIRED: { status: 400, code: 1029 },
  INVALID_STATE: { status: 409, code: 1030 },
  /** A transfer would take a ledger balance beyond MONEY.BALANCE_MAX_CENTS (so no figure is ever rounded). */
  BALANCE_LIMIT: { status: 422, code: 1031 },
  /** The amount reaches into settlement still in its holding period (withdrawable later). */
  SETTLEMENT_HELD: { status: 422, code: 1032 },
  /** A PDF voucher with scripts, actions, links, attached files or encryption: only plain PDFs are kept. */
  PDF_NOT_PLAIN: { status: 400, code: 1033 },
  PROMOTION_NOT_ACTIVE: { status: 422, code: 1040 },
  RECOMMEND_NEW_LIMIT: { status: 422, code: 1041 },
  RECOMMEND_PLAN_LIMIT: { status: 422, code: 1042 },
  RECOMMEND_MIN_ON_SALE: { status: 422, code: 1043 },
  NO_SELECTION: { status: 400, code: 1044 },
  DISCOUNT_DATES_REQUIRED: { status: 400, code: 1045 },
  PRODUCT_NOT_ON_SALE: { status: 422, code: 1046 },
  OUT_OF_STOCK: { status: 422, code: 1047 },
  ALREADY_PURCHASED: { status: 409, code: 1050 },
  ORDER_CANCELLED: { status: 409, code: 1051 },
  ALREADY_REPLIED: { status: 409, code: 1052 },
  ALREADY_DECIDED: { status: 409, code: 1053 },
  REFUND_PENDING: { status: 409, code: 1054 },
  REFUND_ALREADY_REQUESTED: { status: 409, code: 1055 },
  REFUND_WINDOW_CLOSED: { status: 422, code: 1056 },
  REJECT_REASON_REQUIRED: { status: 400, code: 1057 },
  ALREADY_REVIEWED: { status: 409, code: 1058 },
  REVIEW_NOT_ALLOWED: { status: 409, code: 1059 },
  // promotion packages (codes 1060–1069)
  PACKAGE_PURCHASE_FAILED: { status: 422, code: 1060 },
  PACKAGE_DOWNGRADE_REFUSED: { status: 409, code: 1061 },
  /** The tier was retired by an operator: it is not on sale (packages bought run on). */
  PACKAGE_NOT_OFFERED: { status: 409, code: 1062 },
  // reward activities: shop upgrade, couple linking (codes 1070–1089)
  REWARD_NOT_REACHED: { status: 422, code: 1070 },
  REWARD_ALREADY_RECEIVED: { status: 409, code: 1071 },
  REWARD_NOT_LINKED: { status: 422, code: 1072 },
  COUPLE_OWN_SHOP: { status: 422, code: 1075 },
  COUPLE_SHOP_UNKNOWN: { status: 422, code: 1076 },
  COUPLE_ALREADY_LINKED: { status: 409, code: 1077 },
  COUPLE_PARTNER_LINKED: { status: 409, code: 1078 },
  COUPLE_REQUEST_PENDING: { status: 409, code: 1079 },
  COUPLE_PARTNER_PENDING: { status: 409, code: 1080 },
  COUPLE_REQUEST_CLOSED: { status: 409, code: 1081 },
  // users, roles, shop and general settings (codes 1090–1109)
  ACCOUNT_INACTIVE: { status: 401, code: 1090 },
  USERNAME_TAKEN: { status: 409, code: 1091 },
  /** The last active owner of a shop cannot be deactivated or given another role. */
  LAST_OWNER: { status: 422, code: 1092 },
  LOGO_INVALID_TYPE: { status: 400, code: 1093 },
  LOGO_TOO_LARGE: { status: 413, code: 1094 },
  LOGO_REQUIRED: { status: 400, code: 1095 },
  /** A new login password the strength estimator guesses too easily; `data.reason` names why. */
  PASSWORD_TOO_WEAK: { status: 422, code: 1096 },
  // dashboard, shop health, activity log (codes 1110–1119)
  // the mall: addresses, coupons (codes 1120–1139)
  ADDRESS_LIMIT: { status: 422, code: 1120 },
  COUPON_EXPIRED: { status: 422, code: 1121 },
  COUPON_LIMIT: { status: 409, code: 1122 },
  COUPON_MIN_SPEND: { status: 422, code: 1123 },
  COUPON_USED: { status: 409, code: 1124 },
  /** Demo money exists only in demo mode: outside it a buyer's wallet is funded by an approved deposit. */
  DEMO_TOPUP_OFF: { status: 403, code: 1125 },
  DEPOSITS_PENDING_LIMIT: { status: 429, code: 1126 },
  /** A payment method with no payment provider behind it (outside demo mode: cards and direct USDT). */
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, code: 1127 },
  /** The buyer is linked to the shop (its own account, contact or withdrawal address): a shop cannot be its own buyer. */
  SELF_PURCHASE: { status: 422, code: 1128 },
  /** A withdrawal to an address that funded purchases from this same shop. */
  SELF_PURCHASE_ADDRESS: { status: 422, code: 1129 },
  /** The buyer's account is frozen by the platform; `reason` is the operator's. */
  BUYER_FROZEN: { status: 403, code: 1130 },
  // the way back in: password resets, registrations (codes 1140–1149)
  SHOP_PENDING_APPROVAL: { status: 403, code: 1140 },
  SHOP_REJECTED: { status: 403, code: 1141 },
  RESET_LINK_INVALID: { status: 404, code: 1142 },
  RESET_LINK_EXPIRED: { status: 409, code: 1143 },
  RESET_LINK_USED: { status: 409, code: 1144 },
  // operators and the second factor (codes 1150–1159)
  LAST_SUPER_ADMIN: { status: 422, code: 1150 },
  /** The login's second step (its challenge) is unknown, used or expired: log in again. */
  TWO_FACTOR_CHALLENGE_INVALID: { status: 401, code: 1151 },
  TWO_FACTOR_CODE_WRONG: { status: 422, code: 1152 },
  TWO_FACTOR_ALREADY_ENROLLED: { status: 409, code: 1153 },
  /** A sensitive action of an account with the second factor on, without a live step-up proof for it. */
  STEP_UP_REQUIRED: { status: 403, code: 1154 },
  TWO_FACTOR_NOT_ENROLLED: { status: 409, code: 1155 },
  /** The shop requires the second factor and this member has none yet. */
  TWO_FACTOR_REQUIRED: { status: 403, code: 1156 },
  // the withdrawal address book (codes 1160–1169)
  WITHDRAW_ADDRESS_NOT_SAVED: { status: 422, code: 1160 },
  /** A saved address still in its cool-down: `hours` left. */
  WITHDRAW_ADDRESS_COOLING: { status: 422, code: 1161 },
  WITHDRAW_ADDRESS_EXISTS: { status: 409, code: 1162 },
  WITHDRAW_ADDRESS_BOOK_FULL: { status: 422, code: 1163 },
  // the operator console: warehouse photos and imports, appeals (codes 1170–1179)
  PHOTO_INVALID_TYPE: { status: 400, code: 1170 },
  PHOTO_TOO_LARGE: { status: 413, code: 1171 },
  PHOTO_REQUIRED: { status: 400, code: 1172 },
  IMPORT_FILE_INVALID: { status: 400, code: 1173 },
  IMPORT_TOO_MANY_ROWS: { status: 400, code: 1174 },
  APPEAL_NOT_FROZEN: { status: 422, code: 1175 },
  APPEAL_ALREADY_OPEN: { status: 409, code: 1176 },
  /** A change to a claimed coupon's discount, minimum spend or start, or an earlier end. */
  COUPON_TERMS_LOCKED: { status: 409, code: 1177 },
  /** A warehouse product already has `max` gallery pictures. */
  GALLERY_FULL: { status: 422, code: 1178 },
  /** A gallery order naming a picture the product does not have, or one twice. */
  GALLERY_MISMATCH: { status: 409, code: 1179 },
  // staff roles (codes 1180–1189)
  /** The caller's role lacks the permission the route declares; params name its area and level. */
  PERMISSION_DENIED: { status: 403, code: 1180 },
  OWNER_ONLY: { status: 403, code: 1181 },
  ROLE_NAME_TAKEN: { status: 409, code: 1182 },
  ROLE_IN_USE: { status: 409, code: 1183 },
  ROLE_FIXED: { status: 422, code: 1184 },
  // chat with buyers (codes 1190–1199)
  /** The shop blocked this buyer from chatting. */
  CHAT_BLOCKED: { status: 403, code: 1190 },
  /** Too many messages in a minute (the buyer's or the shop's limit): `seconds` to wait. */
  CHAT_RATE_LIMITED: { status: 429, code: 1191 },
  CHAT_QUICK_REPLY_LIMIT: { status: 422, code: 1192 },
  /** A message with nothing in it (no text, no picture, no card). */
  CHAT_EMPTY: { status: 400, code: 1193 },
  /** Too many new conversations in an hour: `seconds` to wait. */
  CHAT_NEW_CONVERSATIONS_LIMIT: { status: 429, code: 1194 },
  // seller promotions: vouchers (codes 1210–1229)
  VOUCHER_NOT_RUNNING: { status: 422, code: 1210 },
  VOUCHER_USED_UP: { status: 409, code: 1211 },
  VOUCHER_LIMIT: { status: 409, code: 1212 },
  VOUCHER_MIN_SPEND: { status: 422, code: 1213 },
  VOUCHER_NOT_CLAIMED: { status: 422, code: 1214 },
  VOUCHER_NOT_APPLICABLE: { status: 422, code: 1215 },
  VOUCHER_ONE_PER_SHOP: { status: 400, code: 1216 },
  /** No voucher of the shop has this code (or it is not a code voucher). */
  VOUCHER_CODE_UNKNOWN: { status: 404, code: 1217 },
  VOUCHER_CODE_TAKEN: { status: 409, code: 1218 },
  VOUCHER_ENDED: { status: 409, code: 1219 },
  /** A started voucher may only become more generous; `field` names the change refused. */
  VOUCHER_LESS_GENEROUS: { status: 422, code: 1220 },
  /** The voucher sells `count` products below their purchase cost: saving needs acceptLoss; `data` is the margin. */
  VOUCHER_BELOW_COST: { status: 422, code: 1221 },
  /** The shop's "never below cost" setting refuses a voucher that sells a product below its purchase cost. */
  VOUCHER_BELOW_COST_REFUSED: { status: 422, code: 1222 },
  // seller promotions: flash deals (codes 1230–1239)
  DEAL_ENDED: { status: 409, code: 1230 },
  /** A started deal may only become more generous; `field` names the change refused. */
  DEAL_LESS_GENEROUS: { status: 422, code: 1231 },
  /** The deal price is below the product's purchase cost: saving needs acceptLoss; `data` is the margin. */
  DEAL_BELOW_COST: { status: 422, code: 1232 },
  /** The shop's "never below cost" setting refuses a deal price below the purchase cost. */
  DEAL_BELOW_COST_REFUSED: { status: 422, code: 1233 },
  /** Another deal of the product (not ended) overlaps the window. */
  DEAL_OVERLAP: { status: 409, code: 1234 },
  // seller product spreadsheets (codes 1250–1259)
  /** Neither an XLSX workbook nor UTF-8 CSV text, or its first row names no SKU column. */
  SHEET_FILE_INVALID: { status: 400, code: 1250 },
  SHEET_TOO_MANY_ROWS: { status: 400, code: 1251 },
  /** No import of the shop is left to undo (none yet, or the last one is already undone). */
  SHEET_NOTHING_TO_UNDO: { status: 409, code: 1252 },
  // product variants (codes 1240–1249)
  /** More than `max` option axes. */
  VARIANT_AXES_MAX: { status: 400, code: 1240 },
  /** More than `max` variants (combinations of the axes' values). */
  VARIANT_COMBINATIONS_MAX: { status: 400, code: 1241 },
  /** The SKU `sku` is another variant's (or twice in the request). */
  VARIANT_SKU_TAKEN: { status: 409, code: 1242 },
  /** A variant's values are not one value of each axis, or a combination is given twice. */
  VARIANT_OPTIONS_MISMATCH: { status: 400, code: 1243 },
  /** The product has several variants: the buyer must choose one. */
  VARIANT_REQUIRED: { status: 400, code: 1244 },
  /** The seller switched this variant off. */
  VARIANT_UNAVAILABLE: { status: 422, code: 1245 },
  /** Switching off the product's last variant on: put the product off sale instead. */
  VARIANT_LAST_ENABLED: { status: 422, code: 1246 },
  /** A product with several variants has its stock per variant. */
  VARIANT_STOCK_PER_VARIANT: { status: 422, code: 1247 },
  /** The option texts in `lang` are not the product's axes and values in the same order, or give two values of an axis the same text. */
  VARIANT_TRANSLATION_MISMATCH: { status: 400, code: 1248 },
  INTERNAL: { status: 500, code: 500 },
  /** The database (or the instance) cannot serve right now: a restart, a failover, a shutdown. Retry-After says when to try again. */
  SERVICE_UNAVAILABLE: { status: 503, code: 503 },
} as const;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

/** The envelope every API answer uses. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  error?: ErrorKey;
  /** Field-level validation issues, with localized messages. */
  details?: { path: string; message: string }[];
  /** On a refusal: the request's id (its X-Request-Id), to quote to support. */
  requestId?: string;
}
