import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { DepositAddress, DepositAnswer, Paged, RecordKind, StatementLine, WalletRecord, WithdrawAnswer } from '@shopdesk/shared/wallet/statement';
import { ApiError, http } from '../../../lib/http.ts';
import { postMultipart } from './authorized-fetch.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

/** Query keys of everything wallet-related; a deposit or a withdrawal invalidates them all. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  addresses: () => [...walletKeys.all, 'depositAddresses'] as const,
  records: (q: RecordsFilters & Partial<PageParams>) => [...walletKeys.all, 'records', q] as const,
  transactions: (q: TransactionsFilters & Partial<PageParams>) => [...walletKeys.all, 'transactions', q] as const,
  report: (q: object) => [...walletKeys.all, 'report', q] as const,
};

export interface PageParams {
  page: number;
  pageSize: number;
}

export interface RecordsFilters {
  kind: RecordKind;
  status?: string;
  from?: string;
  to?: string;
}

export interface TransactionsFilters {
  type?: string;
  orderNo?: string;
  from?: string;
  to?: string;
}

export const walletSummaryQuery = queryOptions({
  queryKey: walletKeys.summary(),
  queryFn: ({ signal }) => http.get<WalletSummary>('/wallet/summary', undefined, { signal, silent: true }),
});

export function useWalletSummary() {
  return useQuery(walletSummaryQuery);
}

export function useDepositAddresses(enabled = true) {
  return useQuery({
    queryKey: walletKeys.addresses(),
    queryFn: ({ signal }) => http.get<DepositAddress[]>('/wallet/depositAddresses', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function fetchRecords(q: RecordsFilters & PageParams, signal?: AbortSignal) {
  return http.get<Paged<WalletRecord>>('/wallet/records', { ...q, tzOffset: tzOffsetMinutes() }, { signal, silent: true });
}

export function useWalletRecords(q: RecordsFilters & PageParams) {
  return useQuery({
    queryKey: walletKeys.records(q),
    queryFn: ({ signal }) => fetchRecords(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function fetchTransactions(q: TransactionsFilters & PageParams, signal?: AbortSignal) {
  return http.get<Paged<StatementLine>>('/wallet/transactions', { ...q, tzOffset: tzOffsetMinutes() }, { signal, silent: true });
}

export function useTransactions(q: TransactionsFilters & PageParams) {
  return useQuery({
    queryKey: walletKeys.transactions(q),
    queryFn: ({ signal }) => fetchTransactions(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The next page number of a paged list, or undefined after its last page. */
export function nextPageOf<T>(last: Paged<T>): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** Phones scroll through pages instead of paging. */
export const SCROLL_PAGE_SIZE = 20;

export function useInfiniteTransactions(filters: TransactionsFilters) {
  return useInfiniteQuery({
    queryKey: [...walletKeys.transactions(filters), 'infinite'],
    queryFn: ({ pageParam, signal }) => fetchTransactions({ ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useInfiniteRecords(filters: RecordsFilters) {
  return useInfiniteQuery({
    queryKey: [...walletKeys.records(filters), 'infinite'],
    queryFn: ({ pageParam, signal }) => fetchRecords({ ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
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
  return postMultipart<DepositAnswer>('/wallet/deposit', form, { 'Idempotency-Key': input.idempotencyKey });
}

export interface WithdrawInput {
  network: string;
  address: string;
  amount: string;
  /** The plain 6-digit fund password; it travels base64-encoded (SPEC §5). */
  fundPassword: string;
  idempotencyKey: string;
}

export function submitWithdrawal(input: WithdrawInput): Promise<WithdrawAnswer> {
  return http.post<WithdrawAnswer>(
    '/wallet/withdraw',
    { method: 'crypto', network: input.network, address: input.address.trim(), amount: input.amount.trim(), fundPassword: encodePassword(input.fundPassword) },
    // Refusals (wrong fund password, frozen shop, …) are shown inside the form, not as a toast.
    { headers: { 'Idempotency-Key': input.idempotencyKey }, silent: true },
  );
}

function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export function useDeposit() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitDeposit, onSuccess: invalidate });
}

export function useWithdraw() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitWithdrawal, onSuccess: invalidate });
}

/**
 * Whether the server's answer to a failed request arrived (it then keeps that answer under the
 * Idempotency-Key): a refusal did, a network failure, a timeout or a server error did not.
 */
export function answerArrived(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'business' || error.kind === 'session') return true;
  return error.kind === 'http' && error.status !== null && error.status < 500;
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
