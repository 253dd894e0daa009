import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsDecisionBody, opsRegistrationRow, opsRegistrationsQuery, opsResetApproval, opsResetRow, opsResetsQuery } from '@shopdesk/shared/auth/account-requests';
import { envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { approveReset, rejectReset, resetRequestsByStatus } from '../auth/password-reset-service.ts';
import { decideRegistration, REGISTRATION_DECISIONS, registrationsByStatus } from '../auth/registration-service.ts';
import { opsAccess } from './ops-access.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** The login page's requests are the support desk's (and the super admin's). */
const operatorOnly = opsAccess('support');

/**
 * The operator's side of the login page's requests: password resets to approve (the answer holds
 * the one-time link to hand over, unless it was emailed) and shops registered pending approval.
 */
export async function accountRequestOpsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorId = (request: FastifyRequest) => request.caller!.userId;
  // Where sellers open the app: PUBLIC_URL, else the address the operator reached this server at.
  const baseUrl = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  r.get(
    '/api/ops/passwordResets',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Password reset requests by status (expired: approved links past their 30 minutes), newest first', querystring: opsResetsQuery, response: { 200: envelope(z.array(opsResetRow)) } } },
    async (request) => ok(request, await resetRequestsByStatus(app.db, request.query.status)),
  );

  r.post(
    '/api/ops/passwordResets/:id/approve',
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'Approve a password reset: a new one-time link valid 30 minutes, emailed when SMTP_URL is set and the account has an email, otherwise in the answer to hand over',
        params: idParams,
        response: { 200: envelope(opsResetApproval) },
      },
    },
    async (request) => ok(request, await approveReset(app.db, { operatorId: operatorId(request), baseUrl: baseUrl(request), mail: app.config }, request.params.id)),
  );

  r.post(
    '/api/ops/passwordResets/:id/reject',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Reject a password reset (an approved link stops working)', params: idParams, body: opsDecisionBody, response: { 200: envelope(opsResetRow) } } },
    async (request) => ok(request, await rejectReset(app.db, operatorId(request), request.params.id, request.body?.reason)),
  );

  r.get(
    '/api/ops/registrations',
    { config: operatorOnly, schema: { tags: ['operator'], summary: 'Shops registered from the login page, by approval, newest first', querystring: opsRegistrationsQuery, response: { 200: envelope(z.array(opsRegistrationRow)) } } },
    async (request) => ok(request, await registrationsByStatus(app.db, request.query.status)),
  );

  for (const decision of REGISTRATION_DECISIONS) {
    r.post(
      `/api/ops/registrations/:id/${decision}`,
      { config: operatorOnly, schema: { tags: ['operator'], summary: `${decision} a registered shop (id: the shop id)`, params: idParams, body: opsDecisionBody, response: { 200: envelope(opsRegistrationRow) } } },
      async (request) => ok(request, await decideRegistration(app.db, operatorId(request), request.params.id, decision, request.body?.reason)),
    );
  }
}
