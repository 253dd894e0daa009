import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsRegistrationRow, OpsResetApproval, OpsResetRow } from '@shopdesk/shared/auth/account-requests';
import type { OpsOperatorRow } from '@shopdesk/shared/ops/operators';
import { opsRequest } from './client.ts';

/** The login page's requests (password resets, registrations) and the operators, under ['ops']. */
export const accountKeys = {
  resets: (status: string) => ['ops', 'passwordResets', status] as const,
  registrations: (status: string) => ['ops', 'registrations', status] as const,
  operators: ['ops', 'operators'] as const,
};

export function usePasswordResets(status: string) {
  return useQuery({ queryKey: accountKeys.resets(status), queryFn: ({ signal }) => opsRequest<OpsResetRow[]>('/ops/passwordResets', { query: { status }, signal }) });
}

/** Approves (the answer holds the one-time link to hand over) or rejects a password reset. */
export function useResetDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      decision === 'approve'
        ? opsRequest<OpsResetApproval>(`/ops/passwordResets/${id}/approve`, { method: 'POST' })
        : opsRequest<OpsResetRow>(`/ops/passwordResets/${id}/reject`, { method: 'POST', body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'passwordResets'] }),
  });
}

export function useRegistrations(status: string) {
  return useQuery({ queryKey: accountKeys.registrations(status), queryFn: ({ signal }) => opsRequest<OpsRegistrationRow[]>('/ops/registrations', { query: { status }, signal }) });
}

export function useRegistrationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) => opsRequest<OpsRegistrationRow>(`/ops/registrations/${id}/${decision}`, { method: 'POST', body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'registrations'] }),
  });
}

export function useOperators() {
  return useQuery({ queryKey: accountKeys.operators, queryFn: ({ signal }) => opsRequest<OpsOperatorRow[]>('/ops/operators', { signal }) });
}

/** Resets another operator's second factor: their sessions end and they enrol again at their next login. */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => opsRequest<OpsOperatorRow>(`/ops/operators/${id}/resetTwoFactor`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.operators }),
  });
}
