import type { PaymentHistoryKind } from '@shopdesk/shared/wallet/transactions';

/** Query keys of everything wallet-related; a deposit or a withdrawal invalidates them all. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  addresses: () => [...walletKeys.all, 'depositAddresses'] as const,
  paymentHistory: (q: PaymentHistoryFilters & Partial<PageParams>) => [...walletKeys.all, 'paymentHistory', q] as const,
  transactions: (q: TransactionsFilters & Partial<PageParams>) => [...walletKeys.all, 'transactions', q] as const,
  report: (q: object) => [...walletKeys.all, 'report', q] as const,
  appeal: () => [...walletKeys.all, 'appeal'] as const,
};

export interface PageParams {
  page: number;
  pageSize: number;
}

export interface PaymentHistoryFilters {
  kind: PaymentHistoryKind;
  status?: string;
  from?: string;
  to?: string;
}

export interface TransactionsFilters {
  type?: string;
  orderId?: string;
  from?: string;
  to?: string;
}
