import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setPayPasswordBody } from '@shopdesk/shared/auth/schemas';
import { emptyAnswer } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { setFundPassword } from './fund-password.ts';

export async function fundPasswordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/setPayPassword',
    { config: { permission: 'wallet:edit' }, schema: { tags: ['auth'], summary: 'Set the fund password for the first time', body: setPayPasswordBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await setFundPassword(app.db, request.caller!.userId, request.body.fundPassword, request.body.confirmPassword);
      return ok(request, null);
    },
  );
}
