import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import { useMe } from '../../auth/api/me.ts';

/** The code field of a role change, as both devices render it. */
export interface RoleChangeCodeField {
  label: string;
  extra: string;
  rules: object[];
  /** The field's test id without the device prefix (`m-` on the phone). */
  testId: string;
}

/**
 * A role change (a member's new role, a shop role's new permissions) asks the acting member's
 * authenticator code when their second factor is on: the server wants a step-up proof for it
 * (docs/decisions.md, "Step-up before sensitive actions"). Null while nothing asks for it.
 */
export function useRoleChangeCode(changed: boolean, testId: string): RoleChangeCodeField | null {
  const { t } = useTranslation('users');
  const me = useMe();
  if (!changed || me.data?.twoFactorEnabled !== true) return null;
  return { label: t('stepUp.label'), extra: t('stepUp.hint'), rules: [{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('stepUp.invalid') }], testId };
}
