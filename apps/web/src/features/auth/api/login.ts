import { useMutation } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import { http } from '../../../lib/http.ts';
import { saveSession } from '../../../lib/storage.ts';

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

export function login(input: LoginInput): Promise<LoginResult> {
  return http.post<LoginResult>('/sellAuth/login', {
    username: input.username.trim(),
    password: encodePassword(input.password),
    rememberMe: input.rememberMe,
  });
}

/** Logs in and stores the session (localStorage with "remember me", else sessionStorage). */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const result = await login(input);
      saveSession(result, input.rememberMe);
      return result;
    },
  });
}
