import type { TFunction } from 'i18next';
import { OpsApiError } from './client.ts';

/**
 * What a failed console request says to the operator: the server's message (already in the
 * interface language, it was asked in Accept-Language), or the client's own for no answer at all.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof OpsApiError) {
    if (error.errorKey === 'NETWORK') return t('common:http.networkError');
    if (error.errorKey === 'TIMEOUT') return t('common:http.timeout');
    if (error.status === 403) return t('common:http.forbidden');
    return error.message;
  }
  return t('common:http.requestFailed');
}
