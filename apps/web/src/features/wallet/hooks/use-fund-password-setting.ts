import { useTranslation } from 'react-i18next';
import { AUTH, SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { digitsOnly, sameAsRule, zodRule, type FormHandle } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { useMe } from '../../auth/api/me.ts';
import { isWrongOldPassword, useSaveFundPassword, type PasswordChange } from '../../account/api/passwords.ts';

const LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/** One field of the fund password form, as both devices render it. */
export interface FundPasswordField {
  name: keyof PasswordChange;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  rules: object[];
  /** The field's test id without the device prefix (`m-` on the phone). */
  testId: string;
}

/**
 * The fund password (SPEC §4–§5) for the desktop dialog and the phone sheet alike: set up the first
 * time (`me.fundPasswordSet` false), changed with the original afterwards; exactly 6 digits entered
 * twice (`normalize` keeps digits only); a wrong original shown at its field; no logout on success.
 */
export function useFundPasswordSetting(form: FormHandle<PasswordChange>, onDone: () => void) {
  const { t } = useTranslation('account');
  const me = useMe();
  const mode = me.data?.fundPasswordSet === false ? 'set' : 'change';
  const mutation = useSaveFundPassword(mode);
  const digits = zodRule(plainFundPasswordSchema, t, { length: LENGTH });
  const confirm = [{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)];
  const fields: FundPasswordField[] = [
    ...(mode === 'change' ? [{ name: 'oldPassword', label: t('fund.old'), autoComplete: 'current-password', rules: [digits], testId: 'fund-old' } satisfies FundPasswordField] : []),
    { name: 'newPassword', label: t('fund.new'), autoComplete: 'new-password', rules: [digits], testId: 'fund-new' },
    { name: 'confirmPassword', label: t('fund.confirm'), autoComplete: 'new-password', rules: confirm, testId: 'fund-confirm' },
  ];

  /** Changing it with the second factor on asks the authenticator's code too (not a digits-only field). */
  const code =
    mode === 'change' && me.data?.twoFactorEnabled === true
      ? { label: t('security.stepUpTitle'), rules: [{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('security.codeInvalid') }], testId: 'fund-code' }
      : null;

  const submit = (values: PasswordChange) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notify.success(t(mode === 'set' ? 'fund.setSuccess' : 'fund.changeSuccess'));
        onDone();
      },
      onError: (error) => {
        if (isWrongOldPassword(error)) form.setFields([{ name: 'oldPassword', errors: [t('fund.wrongOld')] }]);
      },
    });

  return {
    /** Still asking whether a fund password is set (the form waits for it). */
    loading: me.isPending,
    failed: me.isError,
    ready: Boolean(me.data),
    title: t(mode === 'set' ? 'fund.setTitle' : 'fund.changeTitle'),
    hint: t('fund.hint', { length: LENGTH }),
    placeholder: t('fund.placeholder', { length: LENGTH }),
    fields,
    code,
    length: LENGTH,
    normalize: (value: unknown) => digitsOnly(value, LENGTH),
    submit,
    pending: mutation.isPending,
  };
}
