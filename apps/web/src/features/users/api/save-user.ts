import { useMutation, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { ShopUser, UpdateUserBody } from '@shopdesk/shared/users/schemas';
import { http } from '../../../lib/http.ts';
import { userKeys } from './user-keys.ts';
import { stepUpHeaders } from '../../account/api/security-api.ts';

export interface NewUser {
  username: string;
  /** Plain; encoded (base64) before sending like the login (SPEC §5). */
  password: string;
  name: string;
  email: string;
  roleId: number;
}

/** POST /api/users/add. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: NewUser) => http.post<ShopUser>('/users/add', { ...user, password: encodePassword(user.password) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/update: name, email and role (by its id); a new role carries the step-up proof of `code`. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, ...body }: UpdateUserBody & { code?: string }) => http.post<ShopUser>('/users/update', body, { headers: await stepUpHeaders('role_change', code) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
