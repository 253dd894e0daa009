import { useMutation, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { ShopRole, ShopUser, UpdateUserBody } from '@shopdesk/shared/users/schemas';
import { http } from '../../../lib/http.ts';
import { userKeys } from './user-keys.ts';

export interface NewUser {
  username: string;
  /** Plain; encoded (base64) before sending like the login (SPEC §5). */
  password: string;
  name: string;
  email: string;
  role: ShopRole;
}

/** POST /api/users/add. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: NewUser) => http.post<ShopUser>('/users/add', { ...user, password: encodePassword(user.password) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/update: name, email and role. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => http.post<ShopUser>('/users/update', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
