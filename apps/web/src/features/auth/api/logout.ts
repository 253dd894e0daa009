import { useMutation } from '@tanstack/react-query';
import { endSession, http } from '../../../lib/http.ts';

export function logout(): Promise<null> {
  return http.post<null>('/sellAuth/logout', {}, { silent: true });
}

/** Revokes the session on the server, then clears storage and goes to login whatever the answer. */
export function useLogout() {
  return useMutation({
    mutationFn: () => logout().catch(() => null),
    onSettled: endSession,
  });
}
