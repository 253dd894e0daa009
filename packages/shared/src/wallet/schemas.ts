import { z } from 'zod';
import { WALLET } from '../constants.ts';
import { V } from '../auth/schemas.ts';
import { pageFields } from '../validation.ts';

export const networkSchema = z.enum(WALLET.NETWORKS, { error: V.required });
/** Amounts arrive as typed ("12.50"); the server parses them to cents with its own error keys. */
export const amountInput = z.union([z.string(), z.number()], { error: V.required });

export const withdrawBody = z.object({
  method: z.enum(['crypto', 'bank']).default('crypto'),
  currency: z.literal(WALLET.CURRENCY).default(WALLET.CURRENCY),
  network: z.string().max(20).default(''),
  address: z.string().trim().max(120).default(''),
  bankName: z.string().trim().max(100).optional(),
  accountName: z.string().trim().max(100).optional(),
  accountNumber: z.string().trim().max(50).optional(),
  fullName: z.string().trim().max(100).optional(),
  amount: amountInput,
  /** base64 of the 6-digit fund password (SPEC §5). */
  fundPassword: z.string({ error: V.required }).min(1, V.required),
});
export type WithdrawBody = z.input<typeof withdrawBody>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'processing', 'completed', 'failed', 'rejected'] as const;
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The seller's UTC offset in minutes (e.g. 420 for UTC+7), so date filters cut at the seller's midnight. */
const tzOffset = z.coerce.number().int().min(-840).max(840).default(0);

export const transactionsQuery = z.object({
  ...pageFields,
  type: z.string().max(40).optional(),
  orderId: z.string().max(40).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type TransactionsQuery = z.output<typeof transactionsQuery>;

export const paymentHistoryQuery = z.object({
  ...pageFields,
  kind: z.enum(['all', 'deposit', 'withdrawal']).default('all'),
  status: z.string().max(20).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type PaymentHistoryQuery = z.output<typeof paymentHistoryQuery>;

export const financeReportQuery = z.object({
  days: z.coerce.number().int().refine((d) => d === 7 || d === 30).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type FinanceReportQuery = z.output<typeof financeReportQuery>;

export const walletSummary = z.object({
  balanceCents: z.number().int(),
  availableCents: z.number().int(),
  frozenCents: z.number().int(),
  /** Settlement of orders signed within the holding period: part of available, not yet withdrawable. */
  heldCents: z.number().int(),
  /** What a withdrawal may take now: available less what is held. */
  withdrawableCents: z.number().int(),
  totalEarningsCents: z.number().int(),
  totalTopUpCents: z.number().int(),
  creditScore: z.number().int(),
  shopFrozen: z.boolean(),
  frozenReason: z.string(),
  withdrawPolicy: z.object({ minCents: z.number().int(), maxCents: z.number().int(), feeBp: z.number().int() }),
  depositMinCents: z.number().int(),
  canWithdraw: z.boolean(),
  creditWarning: z.boolean(),
});
export type WalletSummary = z.infer<typeof walletSummary>;

/** What is available before a purchase (GET /api/order/getAccountBalance). */
export const accountBalance = z.object({ availableCents: z.number().int(), frozenCents: z.number().int(), balanceCents: z.number().int() });
export type AccountBalance = z.infer<typeof accountBalance>;

// Operator answers: the stored rows (times are Dates on the server, ISO strings on the wire).

export const depositRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  amountCents: z.number().int(),
  screenshotFile: z.string(),
  screenshotType: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  rejectReason: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
});

export const withdrawalRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  method: z.enum(['crypto', 'bank']),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  fullName: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  feeRateBp: z.number().int(),
  arrivalCents: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  remark: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  completedAt: z.date().nullable(),
  payoutTxHash: z.string().nullable(),
  createdAt: z.date(),
});

/**
 * A payout's transaction hash as an operator enters it on completion: letters and digits (a hex
 * hash, `0x` included, or a base58 one), 8 to 128 of them.
 */
export const PAYOUT_TX_HASH = /^[A-Za-z0-9]{8,128}$/;

export const shopRow = z.object({
  id: z.number().int(),
  ownerUserId: z.number().int(),
  name: z.string(),
  logo: z.string(),
  whatsapp: z.string(),
  zalo: z.string(),
  facebook: z.string(),
  creditScore: z.number().int(),
  vipLevel: z.number().int(),
  frozen: z.boolean(),
  frozenReason: z.string(),
  totalTopUpCents: z.number().int(),
  createdAt: z.date(),
  // General settings kept per shop (users and settings).
  siteName: z.string(),
  siteLogo: z.string(),
  /** The shop's line in the mall. */
  description: z.string(),
  /** A shop registered from the login page waits for the operator's approval (auth/account-requests.ts). */
  approval: z.enum(['pending', 'approved', 'rejected']),
  approvalNote: z.string(),
  approvalDecidedAt: z.date().nullable(),
  approvalDecidedBy: z.number().int().nullable(),
  /** The owner requires the second factor of every member. */
  requireTwoFactor: z.boolean(),
  /** Promotions that would sell a product below its purchase cost are refused. */
  neverBelowCost: z.boolean(),
});

export const auditRow = z.object({
  id: z.number().int(),
  operatorUserId: z.number().int(),
  /** Who acted: the operator's name, or their username when they gave none. */
  operatorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.date(),
});

export const reconcileReport = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  totalBalanceCents: z.number().int(),
  breaks: z.array(z.string()),
});

export const overtimeJobAnswer = z.object({ penalized: z.number().int(), shops: z.number().int() });
export const demoCarrierAnswer = z.object({ moved: z.number().int() });
