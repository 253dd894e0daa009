import { z } from 'zod';
import { WALLET } from '../constants.ts';
import { V } from '../auth/schemas.ts';

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

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const transactionsQuery = z.object({
  ...pageQuery,
  type: z.string().max(40).optional(),
  orderNo: z.string().max(40).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type TransactionsQuery = z.output<typeof transactionsQuery>;

export const recordsQuery = z.object({
  ...pageQuery,
  kind: z.enum(['all', 'deposit', 'withdrawal']).default('all'),
  status: z.string().max(20).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type RecordsQuery = z.output<typeof recordsQuery>;

export const financeReportQuery = z.object({
  days: z.coerce.number().int().refine((d) => d === 7 || d === 30).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  tzOffset,
});
export type FinanceReportQuery = z.output<typeof financeReportQuery>;

export interface WalletSummary {
  balanceCents: number;
  availableCents: number;
  frozenCents: number;
  totalEarningsCents: number;
  totalTopUpCents: number;
  creditScore: number;
  shopFrozen: boolean;
  frozenReason: string;
  withdrawPolicy: { minCents: number; maxCents: number; feeBp: number };
  depositMinCents: number;
  canWithdraw: boolean;
  creditWarning: boolean;
}
