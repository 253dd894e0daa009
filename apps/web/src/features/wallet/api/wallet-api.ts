import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopAppealState } from '@shopdesk/shared/ops/catalog';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { DepositAddress, DepositAnswer, Paged, TransactionLine, PaymentHistoryLine, WithdrawAnswer } from '@shopdesk/shared/wallet/transactions';
import { http } from '../../../lib/http.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { walletKeys, type PageParams, type PaymentHistoryFilters, type TransactionsFilters } from './wallet-keys.ts';

export { walletKeys, type PageParams, type PaymentHistoryFilters, type TransactionsFilters } from './wallet-keys.ts';

export const walletSummaryQuery = queryOptions({
  queryKey: walletKeys.summary(),
  queryFn: ({ signal }) => http.get<WalletSummary>('/wallet/summary', undefined, { signal, silent: true }),
});

export function useWalletSummary() {
  return useQuery(walletSummaryQuery);
}

/** A frozen shop's reason and its latest appeal (read only while the shop is frozen). */
export function useShopAppeal(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.appeal(), queryFn: ({ signal }) => http.get<ShopAppealState>('/shop/appeal', undefined, { signal, silent: true }), enabled });
}

/** Sends an appeal of the freeze; the answer is the appeal's new state. */
export function useSendAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => http.post<ShopAppealState>('/shop/appeal', { text }),
    onSuccess: (answer) => client.setQueryData(walletKeys.appeal(), answer),
  });
}

export function useDepositAddresses(enabled = true) {
  return useQuery({
    queryKey: walletKeys.addresses(),
    queryFn: ({ signal }) => http.get<DepositAddress[]>('/wallet/depositAddresses', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function fetchPaymentHistory(q: PaymentHistoryFilters & PageParams, signal?: AbortSignal) {
  return http.get<Paged<PaymentHistoryLine>>('/wallet/paymentHistory', { ...q, tzOffset: tzOffsetMinutes() }, { signal, silent: true });
}

export function usePaymentHistory(q: PaymentHistoryFilters & PageParams, enabled = true) {
  return useQuery({
    queryKey: walletKeys.paymentHistory(q),
    queryFn: ({ signal }) => fetchPaymentHistory(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function fetchTransactions(q: TransactionsFilters & PageParams, signal?: AbortSignal) {
  return http.get<Paged<TransactionLine>>('/wallet/transactions', { ...q, tzOffset: tzOffsetMinutes() }, { signal, silent: true });
}

export function useTransactions(q: TransactionsFilters & PageParams, enabled = true) {
  return useQuery({
    queryKey: walletKeys.transactions(q),
    queryFn: ({ signal }) => fetchTransactions(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The next page number of a paged list, or undefined after its last page. */
export function nextPageOf<T>(last: Paged<T>): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** Phones scroll through pages instead of paging. */
export const SCROLL_PAGE_SIZE = 20;

export function useInfiniteTransactions(filters: TransactionsFilters, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...walletKeys.transactions(filters), 'infinite'],
    queryFn: ({ pageParam, signal }) => fetchTransactions({ ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useInfinitePaymentHistory(filters: PaymentHistoryFilters, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...walletKeys.paymentHistory(filters), 'infinite'],
    queryFn: ({ pageParam, signal }) => fetchPaymentHistory({ ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export interface DepositInput {
  network: string;
  amount: string;
  screenshot: File;
  idempotencyKey: string;
}

export function submitDeposit(input: DepositInput): Promise<DepositAnswer> {
  const form = new FormData();
  form.append('network', input.network);
  form.append('amount', input.amount.trim());
  form.append('screenshot', input.screenshot, input.screenshot.name);
  // Refusals are shown inside the form, not as a toast.
  return http.upload<DepositAnswer>('/wallet/deposit', form, { idempotencyKey: input.idempotencyKey, silent: true });
}

export interface WithdrawInput {
  network: string;
  address: string;
  amount: string;
  /** The plain 6-digit fund password; it travels base64-encoded (SPEC §5). */
  fundPassword: string;
  idempotencyKey: string;
  /** The second factor's step-up proof (x-step-up), when the member has it on. */
  headers?: Record<string, string>;
}

export function submitWithdrawal(input: WithdrawInput): Promise<WithdrawAnswer> {
  return http.post<WithdrawAnswer>(
    '/wallet/withdraw',
    { method: 'crypto', network: input.network, address: input.address.trim(), amount: input.amount.trim(), fundPassword: encodePassword(input.fundPassword) },
    // Refusals (wrong fund password, frozen shop, …) are shown inside the form, not as a toast.
    { idempotencyKey: input.idempotencyKey, silent: true, headers: input.headers },
  );
}

