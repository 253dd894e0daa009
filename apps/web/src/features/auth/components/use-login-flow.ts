import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier.ts';
import { afterLoginPath, type LoginState } from '../../../lib/device-routing.ts';
import { useLogin, type LoginInput } from '../api/login.ts';

/** Logs in, then continues where the guard stopped the user, or to the home page of the device. */
export function useLoginFlow(mobile: boolean) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLogin();
  const submit = (input: LoginInput) =>
    mutation.mutate(input, {
      onSuccess: (result) => {
        notify.success(t('welcome', { name: result.shopName }));
        void navigate(afterLoginPath((location.state as LoginState | null)?.returnTo, mobile), { replace: true });
      },
    });
  return { submit, pending: mutation.isPending };
}
