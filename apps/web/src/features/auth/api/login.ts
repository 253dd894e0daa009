import { useMutation } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import type { SecondStepAnswer } from '@shopdesk/shared/two-factor/schemas';
import { http } from '../../../lib/http.ts';
import { saveSession } from '../../../lib/storage.ts';

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** The session, or (second factor on) the challenge its code must answer. */
export function login(input: LoginInput): Promise<LoginResult | SecondStepAnswer> {
  return http.post<LoginResult | SecondStepAnswer>('/sellAuth/login', {
    username: input.username.trim(),
    password: encodePassword(input.password),
    rememberMe: input.rememberMe,
  });
}

/** Logs in and stores the session (localStorage with "remember me", else sessionStorage); a second step answers its challenge instead. */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const result = await login(input);
      if ('token' in result) saveSession(result, input.rememberMe);
      return result;
    },
  });
}

/** The login's second step: the authenticator's code (or a recovery code) against the challenge opens the session. */
export function useLoginCode() {
  return useMutation({
    mutationFn: async (input: { challenge: string; code: string; rememberMe: boolean }) => {
      const result = await http.post<LoginResult>('/sellAuth/login/verify', { challenge: input.challenge, code: input.code.replace(/\s+/g, '') });
      saveSession(result, input.rememberMe);
      return result;
    },
  });
}
