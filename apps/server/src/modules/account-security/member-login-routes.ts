import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser as currentUserAnswer, loginBody, loginResult, updatePasswordBody } from '@shopdesk/shared/auth/schemas';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { secondFactorBody } from '@shopdesk/shared/two-factor/schemas';
import { sellerLoginAnswer } from '@shopdesk/shared/account-security/schemas';
import { ok } from '../../lib/envelope.ts';
import { revokeSession } from '../auth/session-service.ts';
import { ensureDeviceId, recordDevice } from '../devices/device-id.ts';
import { stepUpProofOf } from '../two-factor/step-up.ts';
import { currentUser, updatePassword } from './member-account.ts';
import { login, memberSecondStep } from './member-login.ts';

/** A shop member's sign-in and sign-out, who they are, and their password changes (SPEC §7 paths under /api/sellAuth). */
export async function memberLoginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sellAuth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Seller login: the session, or (second factor on) the second step and its challenge', body: loginBody, response: { 200: envelope(sellerLoginAnswer) } } },
    async (request, reply) => {
      const result = await login(app.db, app.config, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      // The device is noted for the account once the session opens (here, or at the second step).
      const device = ensureDeviceId(request, reply);
      if ('token' in result) await recordDevice(app.db, device, { userId: result.userId });
      return ok(request, result);
    },
  );

  r.post(
    '/api/sellAuth/login/verify',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: "Seller login's second step (second factor on): the authenticator's code (each once) or a recovery code opens the session", body: secondFactorBody, response: { 200: envelope(loginResult) } } },
    async (request, reply) => {
      const result = await memberSecondStep(app.db, app.config, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      await recordDevice(app.db, ensureDeviceId(request, reply), { userId: result.userId });
      return ok(request, result);
    },
  );

  r.post('/api/sellAuth/logout', { config: { permission: 'member', duringEnrolment: true }, schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: emptyAnswer } } }, async (request) => {
    await revokeSession(app.db, request.caller!.sessionId);
    return ok(request, null);
  });

  r.get('/api/sellAuth/me', { config: { permission: 'member', duringEnrolment: true }, schema: { tags: ['auth'], summary: 'Who am I, with my shop', response: { 200: envelope(currentUserAnswer) } } }, async (request) =>
    ok(request, await currentUser(app.db, request.caller!.userId)),
  );

  r.post(
    '/api/sellAuth/updatePassword',
    { config: { permission: 'member' }, schema: { tags: ['auth'], summary: 'Change the login or the fund password (the fund password: the x-step-up proof when the second factor is on)', body: updatePasswordBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await updatePassword(app.db, request.caller!, request.body, request.ip, stepUpProofOf(request.headers));
      return ok(request, null);
    },
  );
}
