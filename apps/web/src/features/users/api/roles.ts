import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { CreateRoleBody, ShopRoleRow, UpdateRoleBody } from '@shopdesk/shared/users/permissions';
import { http } from '../../../lib/http.ts';
import { userKeys } from './user-keys.ts';
import { stepUpHeaders } from '../../account/api/security-api.ts';

/** GET /api/users/roles: the five default roles and the shop's own, each with its matrix and active members. */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: userKeys.roles(),
    queryFn: ({ signal }) => http.get<{ list: ShopRoleRow[] }>('/users/roles', undefined, { signal, silent: true }),
    enabled,
  });
}

/** POST /api/users/roles/create or /update (with a roleId); new permissions carry the step-up proof of `code`. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, code }: { body: CreateRoleBody | UpdateRoleBody; code?: string }) =>
      http.post<ShopRoleRow>('roleId' in body ? '/users/roles/update' : '/users/roles/create', body, { headers: await stepUpHeaders('role_change', code) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/roles/delete: a shop role nobody holds. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => http.post<null>('/users/roles/delete', { roleId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** A role's name as shown: a default role's in the reader's language, a shop role's as its shop wrote it. */
export function roleLabel(t: TFunction, role: { key: string | null; name: string }): string {
  return role.key ? t(`users:role.${role.key}`) : role.name;
}
