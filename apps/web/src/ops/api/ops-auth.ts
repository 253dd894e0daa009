import { useQuery } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import type { OpsRole, OpsWhoami } from '@shopdesk/shared/ops/operators';
import type { EnrolledAnswer, EnrolmentAnswer, SecondStepAnswer } from '@shopdesk/shared/two-factor/schemas';
import { opsRequest } from './client.ts';
import { opsSessionStore } from './session.ts';

/** The password step: no session yet, the second step to take (enrol or code) and its challenge. */
export function passwordStep(username: string, password: string): Promise<SecondStepAnswer> {
  return opsRequest<SecondStepAnswer>('/ops/login', { body: { username, password: encodePassword(password) } });
}

/** A first login's enrolment: the new secret and its QR code. */
export function enrolment(challenge: string): Promise<EnrolmentAnswer> {
  return opsRequest<EnrolmentAnswer>('/ops/login/enrol', { body: { challenge } });
}

/** The enrolment's first code: the session and the recovery codes, shown once. */
export function confirmEnrolment(challenge: string, code: string): Promise<EnrolledAnswer> {
  return opsRequest<EnrolledAnswer>('/ops/login/enrolConfirm', { body: { challenge, code } });
}

/** An enrolled operator's code (or recovery code): the session. */
export function verifyCode(challenge: string, code: string): Promise<LoginResult> {
  return opsRequest<LoginResult>('/ops/login/verify', { body: { challenge, code } });
}

export function startSession(answer: Pick<LoginResult, 'token' | 'expiresAt'>): void {
  opsSessionStore.set({ token: answer.token, expiresAt: answer.expiresAt });
}

/** Signs out on the server too; the local session ends whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await opsRequest('/ops/logout', { method: 'POST', body: {} });
  } finally {
    opsSessionStore.set(null);
  }
}

/** The signed-in operator and their role (the menu and the pages follow it; the server enforces it). */
export function useWhoami() {
  const session = opsSessionStore.use();
  return useQuery({
    queryKey: ['ops', 'whoami', session?.token ?? ''],
    queryFn: ({ signal }) => opsRequest<OpsWhoami>('/ops/whoami', { signal }),
    enabled: Boolean(session),
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether `role` may open a page allowed to `roles` (the super admin may open every page). */
export function roleAllows(role: OpsRole, roles: readonly OpsRole[]): boolean {
  return role === 'super_admin' || roles.includes(role);
}
