import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser as currentUserAnswer, loginBody, loginResult, setPayPasswordBody, updatePasswordBody } from '@shopdesk/shared/auth/schemas';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { opsWhoami } from '@shopdesk/shared/ops/operators';
import { challengeBody, enrolledAnswer, enrolmentAnswer, secondFactorBody, secondStepAnswer } from '@shopdesk/shared/two-factor/schemas';
import { ok } from '../../lib/envelope.ts';
import { anyOperator } from '../ops/ops-access.ts';
import { operatorConfirmEnrolment, operatorEnrolment, operatorLogin, operatorSecondFactor } from '../ops/operator-login.ts';
import { currentOperator } from '../ops/operator-service.ts';
import { currentUser, login, updatePassword } from './auth-service.ts';
import { setFundPassword } from './fund-password.ts';
import { revokeSession } from './session-service.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sellAuth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Seller login', body: loginBody, response: { 200: envelope(loginResult) } } },
    async (request) => {
      const result = await login(app.db, app.config, { ...request.body, ip: request.ip, role: 'seller' });
      return ok(request, result);
    },
  );

  r.post('/api/sellAuth/logout', { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: emptyAnswer } } }, async (request) => {
    await revokeSession(app.db, request.caller!.sessionId);
    return ok(request, null);
  });

  r.get('/api/sellAuth/me', { schema: { tags: ['auth'], summary: 'Who am I, with my shop', response: { 200: envelope(currentUserAnswer) } } }, async (request) =>
    ok(request, await currentUser(app.db, request.caller!.userId)),
  );

  r.post(
    '/api/sellAuth/updatePassword',
    { schema: { tags: ['auth'], summary: 'Change the login or the fund password', body: updatePasswordBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await updatePassword(app.db, request.caller!, request.body, request.ip);
      return ok(request, null);
    },
  );

  r.post(
    '/api/order/setPayPassword',
    { config: { shopRole: 'admin' }, schema: { tags: ['auth'], summary: 'Set the fund password for the first time', body: setPayPasswordBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await setFundPassword(app.db, request.caller!.userId, request.body.fundPassword, request.body.confirmPassword);
      return ok(request, null);
    },
  );

  r.post(
    '/api/ops/login',
    {
      config: { access: 'public' },
      schema: { tags: ['operator'], summary: "Platform operator login, first step: the password answers the second step (enrol or code) and its challenge, no session yet", body: loginBody, response: { 200: envelope(secondStepAnswer) } },
    },
    async (request) => ok(request, await operatorLogin(app.db, app.config, { ...request.body, ip: request.ip })),
  );

  r.post(
    '/api/ops/login/enrol',
    { config: { access: 'public' }, schema: { tags: ['operator'], summary: 'Second step for an operator without a second factor: the TOTP secret and its QR code', body: challengeBody, response: { 200: envelope(enrolmentAnswer) } } },
    async (request) => ok(request, await operatorEnrolment(app.db, request.body.challenge)),
  );

  r.post(
    '/api/ops/login/enrolConfirm',
    {
      config: { access: 'public' },
      schema: { tags: ['operator'], summary: 'Confirms the enrolment with a first code: the session and the one-time recovery codes (shown once)', body: secondFactorBody, response: { 200: envelope(enrolledAnswer) } },
    },
    async (request) => ok(request, await operatorConfirmEnrolment(app.db, app.config, request.body, request.ip)),
  );

  r.post(
    '/api/ops/login/verify',
    { config: { access: 'public' }, schema: { tags: ['operator'], summary: "Second step: the authenticator's code (each once) or a recovery code opens the session", body: secondFactorBody, response: { 200: envelope(loginResult) } } },
    async (request) => ok(request, await operatorSecondFactor(app.db, app.config, request.body, request.ip)),
  );

  r.post(
    '/api/ops/logout',
    { config: anyOperator, schema: { tags: ['operator'], summary: 'Revoke the operator\'s current session', response: { 200: emptyAnswer } } },
    async (request) => {
      await revokeSession(app.db, request.caller!.sessionId);
      return ok(request, null);
    },
  );

  r.get('/api/ops/whoami', { config: anyOperator, schema: { tags: ['operator'], summary: 'The signed-in operator and their role', response: { 200: envelope(opsWhoami) } } }, async (request) =>
    ok(request, await currentOperator(app.db, request.caller!.userId)),
  );
}
