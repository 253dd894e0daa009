import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  registerAnswer,
  registerBody,
  resetCheckAnswer,
  resetCheckBody,
  resetPasswordBody,
  resetRequestAnswer,
  resetRequestBody,
} from '@shopdesk/shared/auth/account-requests';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset-service.ts';
import { registerShop } from './registration-service.ts';

/** The login page's way back in (forgot password, register): public, limited per address. */
export async function accountRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'public' as const;

  r.post(
    '/api/sellAuth/resetRequest',
    {
      config: { access },
      schema: { tags: ['auth'], summary: 'Ask for a password reset (an operator approves it; the answer is the same for unknown usernames)', body: resetRequestBody, response: { 200: envelope(resetRequestAnswer) } },
    },
    async (request) =>
      ok(request, await requestPasswordReset(app.db, { ...request.body, ip: request.ip, language: request.lang, perAddress: app.config.accountRequestLimits.resetRequestsPerAddress })),
  );

  r.post(
    '/api/sellAuth/resetCheck',
    { config: { access }, schema: { tags: ['auth'], summary: "Whose password a reset link sets, and until when", body: resetCheckBody, response: { 200: envelope(resetCheckAnswer) } } },
    async (request) => ok(request, await checkResetLink(app.db, request.body.token)),
  );

  r.post(
    '/api/sellAuth/resetPassword',
    { config: { access }, schema: { tags: ['auth'], summary: 'Set a new password with a one-time reset link (ends every session of the account)', body: resetPasswordBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.newPassword);
      return ok(request, null);
    },
  );

  r.post(
    '/api/sellAuth/register',
    { config: { access }, schema: { tags: ['auth'], summary: "Register a shop (it waits for an operator's approval before anyone can log in)", body: registerBody, response: { 200: envelope(registerAnswer) } } },
    async (request) => ok(request, await registerShop(app.db, request.body, { ip: request.ip, perAddress: app.config.accountRequestLimits.registrationsPerAddress })),
  );
}
