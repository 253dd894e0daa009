import { useMutation, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import { http } from '../../../lib/http.ts';
import { userKeys } from './user-keys.ts';

/** POST /api/users/deactivate or /api/users/reactivate. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: number; active: boolean }) => http.post<ShopUser>(active ? '/users/reactivate' : '/users/deactivate', { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/resetPassword: the admin sets a new login password (plain here, encoded on the way). */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => http.post<ShopUser>('/users/resetPassword', { userId, password: encodePassword(password) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
