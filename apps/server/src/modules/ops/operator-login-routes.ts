import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, loginResult } from '@shopdesk/shared/auth/schemas';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { opsWhoami } from '@shopdesk/shared/ops/operators';
import { challengeBody, enrolledAnswer, enrolmentAnswer, secondFactorBody, secondStepAnswer } from '@shopdesk/shared/two-factor/schemas';
import { ok } from '../../lib/envelope.ts';
import { revokeSession } from '../auth/session-service.ts';
import { anyOperator } from './ops-access.ts';
import { operatorConfirmEnrolment, operatorEnrolment, operatorLogin, operatorSecondFactor } from './operator-login.ts';
import { currentOperator } from './operator-service.ts';

/** An operator's two-step login, logout and identity. */
export async function operatorLoginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
