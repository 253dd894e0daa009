import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeBody,
  recoveryCodesAnswer,
  requirementBody,
  revokedAnswer,
  saveAddressBody,
  sessionsAnswer,
  stepUpAnswer,
  stepUpBody,
  twoFactorStatus as twoFactorStatusAnswer,
  withdrawalAddressesAnswer,
  withdrawalAddressLine,
} from '@shopdesk/shared/account-security/schemas';
import { emptyAnswer, envelope } from '@shopdesk/shared/envelope';
import { enrolmentAnswer } from '@shopdesk/shared/two-factor/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { listAddresses, removeAddress, saveAddress } from './withdrawal-addresses.ts';
import { memberConfirmEnrolment, memberDisable, memberEnrolment, memberRegenerateCodes, setRequirement, twoFactorStatus } from './member-two-factor.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './sessions-service.ts';
import { openStepUp, stepUpProofOf } from '../two-factor/step-up.ts';

/** A member's own security: the second factor, the step-up before sensitive actions, signed-in devices, the withdrawal address book. */
export async function accountSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account security'];
  const idParams = z.object({ id: z.coerce.number().int().positive() });

  r.get('/api/account/twoFactor', { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: "The member's second factor: on or off, whether the shop requires it, recovery codes left", response: { 200: envelope(twoFactorStatusAnswer) } } }, async (request) =>
    ok(request, await twoFactorStatus(app.db, request.caller!.userId)),
  );

  r.post('/api/account/twoFactor/enrol', { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: 'Starts the enrolment: a new TOTP secret, its QR code and the key to type in (refused once enabled)', response: { 200: envelope(enrolmentAnswer) } } }, async (request) =>
    ok(request, await memberEnrolment(app.db, request.caller!.userId)),
  );

  r.post(
    '/api/account/twoFactor/confirm',
    { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: 'Confirms the enrolment with a first code: the one-time recovery codes (shown once)', body: codeBody, response: { 200: envelope(recoveryCodesAnswer) } } },
    async (request) => ok(request, await memberConfirmEnrolment(app.db, request.caller!, request.body.code, request.ip)),
  );

  r.post('/api/account/twoFactor/disable', { config: { permission: 'member' }, schema: { tags, summary: 'Turns the second factor off after a good code', body: codeBody, response: { 200: emptyAnswer } } }, async (request) => {
    await memberDisable(app.db, request.caller!, request.body.code, request.ip);
    return ok(request, null);
  });

  r.post(
    '/api/account/twoFactor/recoveryCodes',
    { config: { permission: 'member' }, schema: { tags, summary: 'New recovery codes after a good code (the old ones stop working; shown once)', body: codeBody, response: { 200: envelope(recoveryCodesAnswer) } } },
    async (request) => ok(request, await memberRegenerateCodes(app.db, request.caller!, request.body.code, request.ip)),
  );

  r.post(
    '/api/account/twoFactor/requirement',
    { config: { permission: 'users:edit' }, schema: { tags, summary: 'The shop owner requires (or not) the second factor of every member', body: requirementBody, response: { 200: emptyAnswer } } },
    async (request) => {
      await setRequirement(app.db, request.caller!, request.body.required);
      return ok(request, null);
    },
  );

  r.post(
    '/api/account/stepUp',
    { config: { permission: 'member' }, schema: { tags, summary: 'The second factor before one sensitive action: a proof to send as x-step-up, once, within minutes', body: stepUpBody, response: { 200: envelope(stepUpAnswer) } } },
    async (request) => ok(request, await openStepUp(app.db, request.caller!.userId, request.body.action, request.body.code, request.ip)),
  );

  r.get('/api/account/sessions', { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: "The account's signed-in devices (live sessions), this one marked", response: { 200: envelope(sessionsAnswer) } } }, async (request) =>
    ok(request, await listSessions(app.db, request.caller!.userId, request.caller!.sessionId)),
  );

  r.post('/api/account/sessions/:id/revoke', { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: 'Signs one of the account\'s sessions out', params: idParams, response: { 200: emptyAnswer } } }, async (request) => {
    await revokeOwnSession(app.db, request.caller!.userId, request.params.id);
    return ok(request, null);
  });

  r.post('/api/account/sessions/revokeOthers', { config: { permission: 'member', duringEnrolment: true }, schema: { tags, summary: 'Signs every other session of the account out', response: { 200: envelope(revokedAnswer) } } }, async (request) =>
    ok(request, { revoked: await revokeOtherSessions(app.db, request.caller!.userId, request.caller!.sessionId) }),
  );

  r.get('/api/wallet/addresses', { config: { permission: 'wallet:view' }, schema: { tags, summary: "The shop's withdrawal address book, with when each address becomes usable", response: { 200: envelope(withdrawalAddressesAnswer) } } }, async (request) =>
    ok(request, await listAddresses(app.db, app.config, callerShopId(request))),
  );

  r.post(
    '/api/wallet/addresses',
    {
      config: { permission: 'wallet:edit' },
      schema: { tags, summary: 'Saves a withdrawal address (usable after WITHDRAWAL_ADDRESS_COOLDOWN_HOURS; the x-step-up proof when the second factor is on)', body: saveAddressBody, response: { 200: envelope(withdrawalAddressLine) } },
    },
    async (request) =>
      ok(request, await saveAddress(app.db, app.config, { shopId: callerShopId(request), userId: request.caller!.userId, ...request.body, stepUpProof: stepUpProofOf(request.headers) })),
  );

  r.post('/api/wallet/addresses/:id/remove', { config: { permission: 'wallet:edit' }, schema: { tags, summary: 'Removes a withdrawal address at once', params: idParams, response: { 200: emptyAnswer } } }, async (request) => {
    await removeAddress(app.db, { shopId: callerShopId(request), userId: request.caller!.userId, id: request.params.id });
    return ok(request, null);
  });
}
