import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shopdesk/shared/envelope';
import { couponBody, opsCoupon, opsPackageOffer, packageOfferBody } from '@shopdesk/shared/ops/offers';
import { ok } from '../../lib/envelope.ts';
import { opsPackageOffers, updatePackageOffer } from '../packages/package-offers.ts';
import { createCoupon, opsCoupons, retireCoupon, updateCoupon } from '../storefront/coupon-admin.ts';
import { opsAccess } from './ops-access.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** The catalog role sells the packages and the mall's coupons (docs/decisions.md, "Operator roles"), like the warehouse. */
const catalog = opsAccess('catalog');
const tags = ['operator'];

/**
 * The console's packages and coupons: the promotion packages on sale (terms for purchases from now
 * on, or retired) and the mall's coupons (create, change within what claims allow, retire); every
 * change audited with before and after.
 */
export async function offersOpsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorId = (request: FastifyRequest) => request.caller!.userId;

  r.get('/api/ops/packageOffers', { config: catalog, schema: { tags, summary: 'The promotion packages on sale: terms, on sale or retired, how many sold', response: { 200: envelope(z.array(opsPackageOffer)) } } }, async (request) =>
    ok(request, await opsPackageOffers(app.db)),
  );

  r.post(
    '/api/ops/packageOffers',
    {
      config: catalog,
      schema: { tags, summary: "Change a package's price, validity, product count or sale (audited); packages already bought keep their terms", body: packageOfferBody, response: { 200: envelope(opsPackageOffer) } },
    },
    async (request) => ok(request, await updatePackageOffer(app.db, operatorId(request), request.body)),
  );

  r.get('/api/ops/coupons', { config: catalog, schema: { tags, summary: "The mall's coupons, newest first, with their state and claims", response: { 200: envelope(z.array(opsCoupon)) } } }, async (request) =>
    ok(request, await opsCoupons(app.db)),
  );

  r.post('/api/ops/coupons', { config: catalog, schema: { tags, summary: 'Create a mall coupon (audited)', body: couponBody, response: { 200: envelope(opsCoupon) } } }, async (request) =>
    ok(request, await createCoupon(app.db, operatorId(request), request.body)),
  );

  r.post(
    '/api/ops/coupons/:id',
    {
      config: catalog,
      schema: { tags, summary: 'Change a coupon (audited); once claimed, its discount, minimum spend and start stay and its end only moves later (COUPON_TERMS_LOCKED)', params: idParams, body: couponBody, response: { 200: envelope(opsCoupon) } },
    },
    async (request) => ok(request, await updateCoupon(app.db, operatorId(request), request.params.id, request.body)),
  );

  r.post('/api/ops/coupons/:id/retire', { config: catalog, schema: { tags, summary: 'Retire a coupon: no longer listed or claimed; claims made stay usable (audited)', params: idParams, response: { 200: envelope(opsCoupon) } } }, async (request) =>
    ok(request, await retireCoupon(app.db, operatorId(request), request.params.id)),
  );
}
