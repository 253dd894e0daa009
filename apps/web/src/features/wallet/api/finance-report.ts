import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FinanceReport } from '@shopdesk/shared/wallet/transactions';
import { http } from '../../../lib/http.ts';
import { walletKeys } from './wallet-api.ts';
import { reportQuery, type ReportRange } from './report-range.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

/** Income, spending, fees and profit per day in the seller's time zone. */
export function useFinanceReport(range: ReportRange) {
  const params = reportQuery(range, tzOffsetMinutes());
  return useQuery({
    queryKey: walletKeys.report(params),
    queryFn: ({ signal }) => http.get<FinanceReport>('/finance/report', params, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
