import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { plainPasswordSchema, usernameSchema } from '@shopdesk/shared/auth/schemas';
import { AUTH } from '@shopdesk/shared/constants';
import { emailSchema, userNameSchema, USERS } from '@shopdesk/shared/users/schemas';
import { ROLES, roleNameSchema } from '@shopdesk/shared/users/permissions';
import { zodRule } from '../../../lib/form-rules.ts';

/** Field rules of the user dialogs from the shared schemas; messages from `users`, else `common`. */
export function useUserRules() {
  const { t } = useTranslation('users');
  const rule = (schema: ZodType, params: Record<string, unknown> = {}) => zodRule(schema, (key, options) => t([key.replace(/^common:/, 'users:'), key], options), params);
  return {
    username: [rule(usernameSchema, { min: AUTH.USERNAME_MIN, max: AUTH.USERNAME_MAX })],
    password: [rule(plainPasswordSchema, { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX })],
    name: [rule(userNameSchema, { max: USERS.NAME_MAX })],
    email: [rule(emailSchema, { max: USERS.EMAIL_MAX })],
    roleName: [rule(roleNameSchema, { max: ROLES.NAME_MAX })],
  };
}
