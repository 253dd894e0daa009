import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveAddressBody, SessionLine, StepUpAction, StepUpAnswer, TwoFactorStatus, WithdrawalAddressLine } from '@shopdesk/shared/account-security/schemas';
import type { EnrolmentAnswer } from '@shopdesk/shared/two-factor/schemas';
import { http } from '../../../lib/http.ts';
import { meQuery } from '../../auth/api/me.ts';

/** One query-key factory for the account's security (second factor, devices, address book). */
export const securityKeys = {
  all: ['account-security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  addresses: () => [...securityKeys.all, 'addresses'] as const,
};

export const twoFactorQuery = queryOptions({ queryKey: securityKeys.twoFactor(), queryFn: () => http.get<TwoFactorStatus>('/account/twoFactor') });
export const sessionsQuery = queryOptions({ queryKey: securityKeys.sessions(), queryFn: () => http.get<SessionLine[]>('/account/sessions') });
export const addressesQuery = queryOptions({ queryKey: securityKeys.addresses(), queryFn: () => http.get<WithdrawalAddressLine[]>('/wallet/addresses') });

export const useWithdrawalAddresses = () => useQuery(addressesQuery);

/**
 * The second factor checked before one sensitive action: answers the headers that carry its proof
 * (none when the member has no code to give, i.e. the factor is off).
 */
export async function stepUpHeaders(action: StepUpAction, code: string | undefined): Promise<Record<string, string>> {
  if (!code) return {};
  const { proof } = await http.post<StepUpAnswer>('/account/stepUp', { action, code }, { silent: true });
  return { 'x-step-up': proof };
}

/** The account-security actions; each refreshes what it changed (and "who am I" for the factor). */
export function useSecurityActions() {
  const queryClient = useQueryClient();
  const refresh = (key: readonly unknown[], me = false) => () => {
    void queryClient.invalidateQueries({ queryKey: key });
    if (me) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  };
  const silent = { silent: true };
  return {
    enrol: useMutation({ mutationFn: () => http.post<EnrolmentAnswer>('/account/twoFactor/enrol', {}) }),
    // Everything again: what a shop requiring the factor refused before it was on now answers.
    confirm: useMutation({ mutationFn: (code: string) => http.post<{ recoveryCodes: string[] }>('/account/twoFactor/confirm', { code }, silent), onSuccess: () => void queryClient.invalidateQueries() }),
    disable: useMutation({ mutationFn: (code: string) => http.post('/account/twoFactor/disable', { code }, silent), onSuccess: refresh(securityKeys.twoFactor(), true) }),
    regenerate: useMutation({ mutationFn: (code: string) => http.post<{ recoveryCodes: string[] }>('/account/twoFactor/recoveryCodes', { code }, silent), onSuccess: refresh(securityKeys.twoFactor()) }),
    requirement: useMutation({ mutationFn: (required: boolean) => http.post('/account/twoFactor/requirement', { required }), onSuccess: refresh(securityKeys.twoFactor(), true) }),
    revoke: useMutation({ mutationFn: (id: number) => http.post(`/account/sessions/${id}/revoke`, {}), onSuccess: refresh(securityKeys.sessions()) }),
    revokeOthers: useMutation({ mutationFn: () => http.post<{ revoked: number }>('/account/sessions/revokeOthers', {}), onSuccess: refresh(securityKeys.sessions()) }),
    saveAddress: useMutation({
      mutationFn: async ({ body, code }: { body: SaveAddressBody; code?: string }) =>
        http.post<WithdrawalAddressLine>('/wallet/addresses', body, { silent: true, headers: await stepUpHeaders('withdrawal_address', code) }),
      onSuccess: refresh(securityKeys.addresses()),
    }),
    removeAddress: useMutation({ mutationFn: (id: number) => http.post(`/wallet/addresses/${id}/remove`, {}), onSuccess: refresh(securityKeys.addresses()) }),
  };
}
