import { useMutation, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import { http } from '../../../lib/http.ts';
import { getSessionItem } from '../../../lib/storage.ts';
import { meQuery } from '../../auth/api/me.ts';
import { stepUpHeaders } from './security-api.ts';

/** Code -1 (wrong old password) is shown on the form, so it is not shown globally. */
const WRONG_OLD = -1;
const ownCodes = { handledCodes: [WRONG_OLD] };

function userId(): number | undefined {
  const raw = getSessionItem('userId');
  return raw ? Number(raw) : undefined;
}

export function updateLoginPassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return http.post(
    '/sellAuth/updatePassword',
    { userId: userId(), password: encodePassword(oldPassword), newPwd: encodePassword(newPassword) },
    ownCodes,
  );
}

/** `code`: the authenticator's code when the second factor is on (a new fund password asks it again). */
export async function updateFundPassword(oldPassword: string, newPassword: string, code?: string): Promise<unknown> {
  return http.post(
    '/sellAuth/updatePassword',
    { userId: userId(), fundPassword: encodePassword(oldPassword), newPwd: encodePassword(newPassword) },
    { ...ownCodes, headers: await stepUpHeaders('fund_password', code) },
  );
}

export function setFundPassword(password: string, confirmPassword: string): Promise<unknown> {
  return http.post('/order/setPayPassword', {
    fundPassword: encodePassword(password),
    confirmPassword: encodePassword(confirmPassword),
  });
}

export function isWrongOldPassword(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === WRONG_OLD;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The second factor's code, asked when it is on and the fund password is changed. */
  code?: string;
}

export function useUpdateLoginPassword() {
  return useMutation({ mutationFn: (v: PasswordChange) => updateLoginPassword(v.oldPassword, v.newPassword) });
}

/** Sets the fund password the first time, changes it with the original afterwards. */
export function useSaveFundPassword(mode: 'set' | 'change') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: PasswordChange) =>
      mode === 'set' ? setFundPassword(v.newPassword, v.confirmPassword) : updateFundPassword(v.oldPassword, v.newPassword, v.code?.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}
