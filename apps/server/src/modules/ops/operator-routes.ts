import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shopdesk/shared/envelope';
import { createOperatorBody, operatorRoleBody, opsOperatorRow } from '@shopdesk/shared/ops/operators';
import { ok } from '../../lib/envelope.ts';
import { opsAccess } from './ops-access.ts';
import { createOperator, listOperators, resetOperatorTwoFactor, setOperatorRole, setOperatorStatus } from './operator-service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Only a super admin manages operators. */
const superAdmin = opsAccess();

export async function operatorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorId = (request: FastifyRequest) => request.caller!.userId;

  r.get('/api/ops/operators', { config: superAdmin, schema: { tags: ['operator'], summary: 'The platform operators, oldest first', response: { 200: envelope(z.array(opsOperatorRow)) } } }, async (request) =>
    ok(request, await listOperators(app.db)),
  );

  r.post(
    '/api/ops/operators',
    { config: superAdmin, schema: { tags: ['operator'], summary: 'Add an operator with a role (they enrol the second factor at their first login)', body: createOperatorBody, response: { 200: envelope(opsOperatorRow) } } },
    async (request) => ok(request, await createOperator(app.db, actorId(request), request.body)),
  );

  r.post(
    '/api/ops/operators/:id/role',
    { config: superAdmin, schema: { tags: ['operator'], summary: "Change an operator's role (the last active super admin keeps theirs)", params: idParams, body: operatorRoleBody, response: { 200: envelope(opsOperatorRow) } } },
    async (request) => ok(request, await setOperatorRole(app.db, actorId(request), request.params.id, request.body.opsRole)),
  );

  for (const [action, status] of [['disable', 'inactive'], ['enable', 'active']] as const) {
    r.post(
      `/api/ops/operators/:id/${action}`,
      { config: superAdmin, schema: { tags: ['operator'], summary: `${action} an operator${action === 'disable' ? ' (their sessions end at once)' : ''}`, params: idParams, response: { 200: envelope(opsOperatorRow) } } },
      async (request) => ok(request, await setOperatorStatus(app.db, actorId(request), request.params.id, status)),
    );
  }

  r.post(
    '/api/ops/operators/:id/resetTwoFactor',
    { config: superAdmin, schema: { tags: ['operator'], summary: "Reset another operator's second factor (their sessions end; they enrol again at their next login)", params: idParams, response: { 200: envelope(opsOperatorRow) } } },
    async (request) => ok(request, await resetOperatorTwoFactor(app.db, actorId(request), request.params.id)),
  );
}
