import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { addUserBody, resetPasswordBody, shopUser, updateUserBody, userIdBody, usersListAnswer, usersListQuery } from '@shopdesk/shared/users/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { addUser, deactivateUser, listUsers, reactivateUser, resetUserPassword, updateUser } from './users-service.ts';

/** User management: admins only (docs/decisions.md, "Users, roles and settings"). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ shopId: callerShopId(request), userId: request.caller!.userId });
  const admin = { shopRole: 'admin' } as const;
  const tags = ['users'];

  r.get('/api/users/list', { config: admin, schema: { tags, summary: "The shop's users, filtered and paged", querystring: usersListQuery, response: { 200: envelope(usersListAnswer) } } }, async (request) =>
    ok(request, await listUsers(app.db, callerShopId(request), request.query)),
  );

  r.post('/api/users/add', { config: admin, schema: { tags, summary: 'Add a user to the shop (password base64 like the login)', body: addUserBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await addUser(app.db, actor(request), request.body)),
  );

  r.post('/api/users/update', { config: admin, schema: { tags, summary: "Change a user's name, email and role", body: updateUserBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await updateUser(app.db, actor(request), request.body)),
  );

  r.post('/api/users/deactivate', { config: admin, schema: { tags, summary: 'Deactivate a user: no login, every session ends at once', body: userIdBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await deactivateUser(app.db, actor(request), request.body.userId)),
  );

  r.post('/api/users/reactivate', { config: admin, schema: { tags, summary: 'Reactivate a user', body: userIdBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await reactivateUser(app.db, actor(request), request.body.userId)),
  );

  r.post('/api/users/resetPassword', { config: admin, schema: { tags, summary: "Set a user's new login password (base64); their sessions end", body: resetPasswordBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await resetUserPassword(app.db, actor(request), request.body)),
  );
}
