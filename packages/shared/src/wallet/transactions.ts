import { z } from 'zod';
import { paged } from '../envelope.ts';

/**
 * Shapes and value lists of the wallet answers (all amounts in integer cents), shared so the web
 * app can type what the server sends. The server's ledger uses `TRANSACTION_TYPES` as its
 * transfer types. A "transaction" is one line of the seller's money movements (URL /transactions);
 * "entries" are only the ledger's legs.
 */

/** Transaction change types (the seller's /transactions list): the ledger transfer types. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdraw_apply',
  'withdraw_payout',
  'withdraw_fee',
  'withdraw_return',
  'buyer_payment',
  'buyer_cancel_refund',
  'purchase',
  'settlement',
  'refund_purchase',
  'refund_buyer',
  'package',
  'reward',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Every status a transaction line, a deposit or a withdrawal can show (SPEC §4). */
export const RECORD_STATUSES = ['pending', 'approved', 'processing', 'completed', 'failed', 'rejected', 'cancelled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const PAYMENT_HISTORY_KINDS = ['all', 'deposit', 'withdrawal'] as const;
export type PaymentHistoryKind = (typeof PAYMENT_HISTORY_KINDS)[number];


export type { Paged } from '../envelope.ts';

/** One line of the seller's transactions: a ledger entry on the shop's available account. */
export const transactionLine = z.object({
  serialNo: z.string(),
  type: z.string(),
  balanceBeforeCents: z.number().int(),
  changeCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  createdAt: z.string(),
  orderId: z.string().nullable(),
  remark: z.string(),
  voucherUrl: z.string().nullable(),
  status: z.string(),
  /** On a withdrawal's line (`withdraw_apply`): its fee and the amount that arrives, else null. */
  withdrawal: z.object({ feeCents: z.number().int(), arrivalCents: z.number().int() }).nullable(),
});
export type TransactionLine = z.infer<typeof transactionLine>;
export const transactionsAnswer = paged(transactionLine);

export const paymentHistoryLine = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.number().int(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  arrivalCents: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  status: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  remark: z.string().nullable(),
  voucherUrl: z.string().nullable(),
  /** A completed withdrawal's payout transaction on the chain (null for deposits and until then). */
  payoutTxHash: z.string().nullable(),
});
export type PaymentHistoryLine = z.infer<typeof paymentHistoryLine>;
export const paymentHistoryAnswer = paged(paymentHistoryLine);

export const depositAddress = z.object({ currency: z.string(), network: z.string(), address: z.string() });
export type DepositAddress = z.infer<typeof depositAddress>;

export const depositAnswer = z.object({ id: z.number().int(), status: z.string(), amountCents: z.number().int() });
export type DepositAnswer = z.infer<typeof depositAnswer>;

export const withdrawAnswer = z.object({
  id: z.number().int(),
  status: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  arrivalCents: z.number().int(),
});
export type WithdrawAnswer = z.infer<typeof withdrawAnswer>;

const financeFigures = z.object({
  incomeCents: z.number().int(),
  spendingCents: z.number().int(),
  feeCents: z.number().int(),
  profitCents: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFigures>;

export const financeDay = financeFigures.extend({ date: z.string() });
export type FinanceDay = z.infer<typeof financeDay>;

export const financeReport = z.object({ from: z.string(), days: z.array(financeDay), totals: financeFigures });
export type FinanceReport = z.infer<typeof financeReport>;
