import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { RegisterAnswer, ResetCheckAnswer, ResetRequestAnswer } from '@shopdesk/shared/auth/account-requests';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import { ACCOUNT_REQUESTS, AUTH, SHOP } from '@shopdesk/shared/constants';
import { ApiError, http } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { clearStorage } from '../../../lib/storage.ts';
import { loginPathFor } from '../../../lib/device-routing.ts';

/**
 * The login page's own pages on both devices: asking for a password reset, setting the new
 * password at the operator's one-time link, and registering a shop. Each checks its form against
 * the shared schema the server uses, so both devices show the same messages in the same cases.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const LINK_MINUTES = ACCOUNT_REQUESTS.RESET_LINK_TTL_MS / 60_000;

/** The parameters each validation message of these forms fills in. */
const MESSAGE_PARAMS: Record<string, Record<string, number>> = {
  'validation.usernameLength': { min: AUTH.USERNAME_MIN, max: AUTH.USERNAME_MAX },
  'validation.passwordLength': { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX },
  'validation.shopName': { min: SHOP.NAME_MIN, max: SHOP.NAME_MAX },
  'validation.socialDigits': { max: SHOP.PHONE_SOCIAL_MAX },
  'validation.contact': { max: ACCOUNT_REQUESTS.CONTACT_MAX },
};

// The shared schemas (and zod with them) load when a form is first sent: these pages travel in the
// login page's chunk, which keeps zod out of what it loads before it shows.
const schemas = () =>
  Promise.all([import('@shopdesk/shared/auth/account-requests'), import('@shopdesk/shared/users/schemas')]).then(([forms, users]) => ({
    ...forms,
    params: { ...MESSAGE_PARAMS, 'validation.email': { max: users.USERS.EMAIL_MAX } } as Record<string, Record<string, number>>,
  }));

/** The first problem of each field, in the reader's language (the auth catalog first, then common). */
function useFormCheck() {
  const { t } = useTranslation('auth');
  return async <F extends string>(pick: (loaded: Awaited<ReturnType<typeof schemas>>) => ZodType, values: Record<F, string>): Promise<FieldErrors<F> | null> => {
    const loaded = await schemas();
    const result = pick(loaded).safeParse(values);
    if (result.success) return null;
    const errors: FieldErrors<F> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as F;
      if (errors[field]) continue;
      const key = issue.message;
      errors[field] = t([`auth:${key}`, `common:${key}`], loaded.params[key] ?? {});
    }
    return errors;
  };
}

/** Where the seller logs in afterwards, on this device. */
function useLoginPath(): string {
  return loginPathFor(useLocation().pathname.startsWith('/m/'));
}

/** The reset link's token, from the fragment (`#token=…`): browsers never send it to a server. */
function useResetToken(): string | null {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

export interface ResetRequestValues {
  username: string;
  contact: string;
}

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * The reset page: without a token, the seller asks for a reset (an operator approves it into a
 * one-time link); with the link's token, whose password it sets and until when, then the new
 * password, which ends every session of the account.
 */
export function useResetPasswordScreen() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const check = useFormCheck();
  const token = useResetToken();

  const request = useMutation({
    mutationFn: (values: ResetRequestValues) => http.post<ResetRequestAnswer>('/sellAuth/resetRequest', { username: values.username.trim(), contact: values.contact.trim() }),
  });
  const link = useQuery({
    queryKey: ['auth', 'resetLink', token, i18n.language],
    // The date helper loads with the answer: these pages travel in the login page's chunk.
    queryFn: async () => {
      const [answer, { formatDate }] = await Promise.all([http.post<ResetCheckAnswer>('/sellAuth/resetCheck', { token }, { silent: true }), import('../../../lib/date-format.ts')]);
      return { ...answer, until: formatDate(answer.expiresAt, i18n.language, 'minute') };
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) => http.post<null>('/sellAuth/resetPassword', { token, newPassword: encodePassword(values.newPassword) }),
    onSuccess: () => {
      // The reset ended every session of the account; whatever this browser held is gone too.
      clearStorage();
      notify.success(t('reset.done'));
      void navigate(loginPath, { replace: true });
    },
  });

  const sendRequest = async (values: ResetRequestValues): Promise<FieldErrors<keyof ResetRequestValues> | null> => {
    const errors = await check<keyof ResetRequestValues>((m) => m.resetRequestBody, values);
    if (!errors) request.mutate(values);
    return errors;
  };
  const setPassword = async (values: NewPasswordValues): Promise<FieldErrors<keyof NewPasswordValues> | null> => {
    const errors = await check<keyof NewPasswordValues>((m) => m.newPasswordForm, values);
    if (!errors) reset.mutate(values);
    return errors;
  };

  return {
    loginPath,
    mode: token === null ? ('request' as const) : ('link' as const),
    linkMinutes: LINK_MINUTES,
    sendRequest,
    requestPending: request.isPending,
    requestSent: request.isSuccess,
    linkChecking: link.isPending && token !== null,
    /** Why the link cannot be used (used, expired, unknown), in the server's words. */
    linkProblem: link.error ? (link.error instanceof ApiError ? link.error.message : t('common:http.requestFailed')) : null,
    linkFor: link.data ? t('reset.linkFor', { username: link.data.username, time: link.data.until }) : '',
    setPassword,
    resetPending: reset.isPending,
  };
}

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  shopName: string;
  email: string;
  whatsapp: string;
}

/** The register page: a new shop and its owner, waiting for an operator's approval before anyone logs in. */
export function useRegisterScreen() {
  const check = useFormCheck();
  const loginPath = useLoginPath();
  const [registered, setRegistered] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: (values: RegisterValues) =>
      http.post<RegisterAnswer>('/sellAuth/register', {
        username: values.username.trim(),
        password: encodePassword(values.password),
        shopName: values.shopName.trim(),
        email: values.email.trim(),
        whatsapp: values.whatsapp.trim(),
      }),
    onSuccess: (_answer, values) => setRegistered(values.shopName.trim()),
  });
  const submit = async (values: RegisterValues): Promise<FieldErrors<keyof RegisterValues> | null> => {
    const errors = await check<keyof RegisterValues>((m) => m.registerForm, values);
    if (!errors) register.mutate(values);
    return errors;
  };
  return { loginPath, submit, pending: register.isPending, registered };
}
