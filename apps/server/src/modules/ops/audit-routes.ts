import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { auditLogAnswer, auditLogQuery } from '@shopdesk/shared/ops/audit';
import { ok } from '../../lib/envelope.ts';
import { opsAccess } from './ops-access.ts';
import { auditLogPage } from '../audit/operator-audit.ts';

/** Every role reads the trail (the same roles as the audit of one target). */
const auditRead = opsAccess('finance', 'catalog', 'support');

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ops/auditLog',
    {
      config: auditRead,
      schema: { tags: ['operator'], summary: 'The audit trail of operator actions, newest first, by operator, action and days; with the operators and actions to filter by', querystring: auditLogQuery, response: { 200: envelope(auditLogAnswer) } },
    },
    async (request) => ok(request, await auditLogPage(app.db, request.query)),
  );
}
