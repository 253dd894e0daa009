import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { addUserBody, resetPasswordBody, shopUser, updateUserBody, userIdBody, usersListAnswer, usersListQuery } from '@shopdesk/shared/users/schemas';
import { createRoleBody, roleIdBody, rolesListAnswer, shopRoleRow, updateRoleBody } from '@shopdesk/shared/users/permissions';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { addUser, deactivateUser, listUsers, reactivateUser, resetUserPassword, updateUser } from './users-service.ts';
import { createRole, deleteRole, listRoles, updateRole } from './permission-service.ts';
import { stepUpProofOf } from '../two-factor/step-up.ts';

/** User management and the shop's roles: the users permission (docs/decisions.md, "Staff roles and permissions"). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ shopId: callerShopId(request), userId: request.caller!.userId });
  const view = { permission: 'users:view' } as const;
  const edit = { permission: 'users:edit' } as const;
  const tags = ['users'];

  r.get('/api/users/list', { config: view, schema: { tags, summary: "The shop's users, filtered and paged", querystring: usersListQuery, response: { 200: envelope(usersListAnswer) } } }, async (request) =>
    ok(request, await listUsers(app.db, callerShopId(request), request.query)),
  );

  r.post('/api/users/add', { config: edit, schema: { tags, summary: 'Add a user to the shop with a role (password base64 like the login)', body: addUserBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await addUser(app.db, actor(request), request.body)),
  );

  r.post('/api/users/update', { config: edit, schema: { tags, summary: "Change a user's name, email and role (the owner role only by an owner; a new role takes the x-step-up proof when the second factor is on)", body: updateUserBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await updateUser(app.db, actor(request), request.body, stepUpProofOf(request.headers))),
  );

  r.post('/api/users/deactivate', { config: edit, schema: { tags, summary: 'Deactivate a user: no login, every session ends at once', body: userIdBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await deactivateUser(app.db, actor(request), request.body.userId)),
  );

  r.post('/api/users/reactivate', { config: edit, schema: { tags, summary: 'Reactivate a user', body: userIdBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await reactivateUser(app.db, actor(request), request.body.userId)),
  );

  r.post('/api/users/resetPassword', { config: edit, schema: { tags, summary: "Set a user's new login password (base64); their sessions end", body: resetPasswordBody, response: { 200: envelope(shopUser) } } }, async (request) =>
    ok(request, await resetUserPassword(app.db, actor(request), request.body)),
  );

  r.get('/api/users/roles', { config: view, schema: { tags, summary: "The shop's roles: the five defaults and its own, each with its permission matrix and active members", response: { 200: envelope(rolesListAnswer) } } }, async (request) =>
    ok(request, await listRoles(app.db, callerShopId(request))),
  );

  r.post('/api/users/roles/create', { config: edit, schema: { tags, summary: 'Create a role of the shop: a name and a level (none, view, edit) per area', body: createRoleBody, response: { 200: envelope(shopRoleRow) } } }, async (request) =>
    ok(request, await createRole(app.db, actor(request), request.body)),
  );

  r.post('/api/users/roles/update', { config: edit, schema: { tags, summary: "Change a shop role's name and matrix (default roles are fixed; a new matrix takes the x-step-up proof when the second factor is on); its members' next requests use it", body: updateRoleBody, response: { 200: envelope(shopRoleRow) } } }, async (request) =>
    ok(request, await updateRole(app.db, actor(request), request.body, stepUpProofOf(request.headers))),
  );

  r.post('/api/users/roles/delete', { config: edit, schema: { tags, summary: 'Delete a shop role nobody holds', body: roleIdBody, response: { 200: emptyAnswer } } }, async (request) =>
    ok(request, await deleteRole(app.db, actor(request), request.body.roleId)),
  );
}
