import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, setPayPasswordBody, updatePasswordBody } from '@shopdesk/shared/auth/schemas';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { changeLoginPassword, currentUser, login } from './auth-service.ts';
import { changeFundPassword, setFundPassword } from './fund-password.ts';
import { revokeSession } from './session-service.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sellAuth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Seller login', body: loginBody } },
    async (request) => {
      const result = await login(app.db, app.config, { ...request.body, ip: request.ip, role: 'seller' });
      return ok(request, result);
    },
  );

  r.post('/api/sellAuth/logout', { schema: { tags: ['auth'], summary: 'Revoke the current session' } }, async (request) => {
    await revokeSession(app.db, request.caller!.sessionId);
    return ok(request, null);
  });

  r.get('/api/sellAuth/me', { schema: { tags: ['auth'], summary: 'Who am I, with my shop' } }, async (request) =>
    ok(request, await currentUser(app.db, request.caller!.userId)),
  );

  r.post(
    '/api/sellAuth/updatePassword',
    { schema: { tags: ['auth'], summary: 'Change the login or the fund password', body: updatePasswordBody } },
    async (request) => {
      const { userId } = request.caller!;
      const body = request.body;
      if (body.userId !== undefined && body.userId !== userId) throw new AppError('FORBIDDEN');
      if (body.kind === 'fund') await changeFundPassword(app.db, userId, body.oldPassword, body.newPassword);
      else await changeLoginPassword(app.db, userId, body.oldPassword, body.newPassword);
      return ok(request, null);
    },
  );

  r.post(
    '/api/order/setPayPassword',
    { schema: { tags: ['auth'], summary: 'Set the fund password for the first time', body: setPayPasswordBody } },
    async (request) => {
      await setFundPassword(app.db, request.caller!.userId, request.body.fundPassword, request.body.confirmPassword);
      return ok(request, null);
    },
  );

  r.post(
    '/api/ops/login',
    { config: { access: 'public' }, schema: { tags: ['operator'], summary: 'Platform operator login', body: loginBody } },
    async (request) => ok(request, await login(app.db, app.config, { ...request.body, ip: request.ip, role: 'operator' })),
  );

  r.get('/api/ops/whoami', { config: { access: 'operator' }, schema: { tags: ['operator'], summary: 'The signed-in operator' } }, async (request) =>
    ok(request, await currentUser(app.db, request.caller!.userId)),
  );
}
