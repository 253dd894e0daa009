/**
 * Shapes and value lists of the wallet answers (all amounts in integer cents), shared so the web
 * app can type what the server sends. The server's ledger uses `STATEMENT_TYPES` as its
 * transfer types.
 */

/** Statement change types: the ledger transfer types. */
export const STATEMENT_TYPES = [
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
export type StatementType = (typeof STATEMENT_TYPES)[number];

/** Every status a statement line, a deposit or a withdrawal can show (SPEC §4). */
export const RECORD_STATUSES = ['pending', 'approved', 'processing', 'completed', 'failed', 'rejected', 'cancelled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const RECORD_KINDS = ['all', 'deposit', 'withdrawal'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A withdrawal address, trimmed: the server refuses shorter or longer ones. */
export const WALLET_ADDRESS_LENGTH = { MIN: 10, MAX: 120 } as const;

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StatementLine {
  serialNo: string;
  type: string;
  balanceBeforeCents: number;
  changeCents: number;
  balanceAfterCents: number;
  createdAt: string;
  orderNo: string | null;
  remark: string;
  voucherUrl: string | null;
  status: string;
}

export interface WalletRecord {
  kind: 'deposit' | 'withdrawal';
  id: number;
  amountCents: number;
  feeCents: number;
  arrivalCents: number;
  currency: string;
  network: string;
  address: string;
  status: string;
  createdAt: string;
  completedAt: string | null;
  remark: string | null;
  voucherUrl: string | null;
}

export interface DepositAddress {
  currency: string;
  network: string;
  address: string;
}

export interface DepositAnswer {
  id: number;
  status: string;
  amountCents: number;
}

export interface WithdrawAnswer {
  id: number;
  status: string;
  amountCents: number;
  feeCents: number;
  arrivalCents: number;
}

export interface FinanceFigures {
  incomeCents: number;
  spendingCents: number;
  feeCents: number;
  profitCents: number;
}

export interface FinanceDay extends FinanceFigures {
  date: string;
}

export interface FinanceReport {
  from: string;
  days: FinanceDay[];
  totals: FinanceFigures;
}
