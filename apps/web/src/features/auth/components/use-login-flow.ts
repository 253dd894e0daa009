import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import { notify } from '../../../lib/notifier.ts';
import { afterLoginPath, type LoginState } from '../../../lib/device-routing.ts';
import { useLogin, useLoginCode, type LoginInput } from '../api/login.ts';

/**
 * Logs in, then continues where the guard stopped the user, or to the home page of the device. With
 * the second factor on, the password answers a challenge: `challenge` is set and the page asks for
 * the code (`submitCode`) before the session opens.
 */
export function useLoginFlow(mobile: boolean) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLogin();
  const codeMutation = useLoginCode();
  const [challenge, setChallenge] = useState<{ challenge: string; rememberMe: boolean } | null>(null);
  const enter = (result: LoginResult) => {
    notify.success(t('welcome', { name: result.shopName }));
    void navigate(afterLoginPath((location.state as LoginState | null)?.returnTo, mobile), { replace: true });
  };
  const submit = (input: LoginInput) =>
    mutation.mutate(input, {
      onSuccess: (result) => {
        if ('token' in result) enter(result);
        else setChallenge({ challenge: result.challenge, rememberMe: input.rememberMe });
      },
    });
  const submitCode = (code: string) => {
    if (challenge) codeMutation.mutate({ ...challenge, code }, { onSuccess: enter });
  };
  return { submit, pending: mutation.isPending || codeMutation.isPending, challenge: challenge !== null, submitCode, back: () => setChallenge(null) };
}
