/**
 * Standing guard: every operation of the OpenAPI document gets requests generated from
 * its own path, query and body schemas by fast-check, mixed with what attackers send (NUL bytes,
 * huge and odd Unicode strings, wrong types, boundary and out-of-range numbers, missing and extra
 * fields), as a caller allowed to use it, so the request reaches validation and the handler. No
 * answer may be a 5xx. Bounded and repeatable: a fixed seed (FUZZ_SEED to try another) and a few
 * runs per operation (FUZZ_RUNS).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createWalletTestApp, opsLoginToken, type WalletTestContext } from '../helper.ts';
import { addShopProducts, CARRIER_KEY, fundShopDirect, newBuyer, newShop, placeOrder } from '../orders/fixtures.ts';
import { documentOperations, mainType, sampleValue, send, type Identity, type JsonSchema, type Operation } from './openapi-operations.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const ctx = {} as WalletTestContext;
const who = {} as Record<'seller' | 'operator' | 'buyer' | 'carrier' | 'public', Identity>;
let known: { orderId: string; productId: number };

/** Strings an attacker sends: NUL bytes, control and odd Unicode, huge, numeric-looking, injection-looking. */
const nastyString = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', '%00', '\u0000'.repeat(3), '\ud800', '\udfff\ud800', '\u202e\u200b', '😀'.repeat(50), ' ', '', '-0', '1e309', 'NaN', 'Infinity', '9007199254740993', '-9223372036854775809', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '__proto__', '2026-02-30', '0000-00-00', 'null', '[]', '{}'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constant('x'.repeat(100_000)),
);

/** Numbers at and beyond every boundary a column or a cent amount has. */
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.5, -0.01, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 53 - 1, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -1e308, 99_999_999_999_999.99),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any JSON type (the wrong one for most fields). */
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }));

/** Values drawn from a field's schema, or plain valid-looking ones, or nasty ones. */
function fieldArbitrary(schema: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
  const { schema: s, type } = mainType(schema);
  const valid: fc.Arbitrary<unknown>[] = [fc.constant(sampleValue(schema, name))];
  if (s.enum?.length) valid.push(fc.constantFrom(...s.enum));
  if (type === 'string') valid.push(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) }), nastyString);
  if (type === 'integer' || type === 'number') {
    valid.push(nastyNumber, fc.integer({ min: typeof s.minimum === 'number' ? s.minimum : -10, max: typeof s.maximum === 'number' ? Math.min(s.maximum, 2 ** 31) : 1_000_000 }));
    valid.push(nastyString);
  }
  if (type === 'boolean') valid.push(fc.boolean(), fc.constantFrom('true', 'false', 1, 0));
  if (type === 'array' && depth < 2) valid.push(fc.array(fieldArbitrary(s.items ?? {}, name, depth + 1), { maxLength: 4 }), fc.constant(Array.from({ length: 5_000 }, (_, i) => i + 1)));
  if (type === 'object' && depth < 2) valid.push(objectArbitrary(s, depth + 1));
  return fc.oneof(...valid, wrongType);
}

/** An object with each declared field left out, valid-looking or nasty, sometimes with an extra field. */
function objectArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(fields.map(([key, field]) => [key, fieldArbitrary(field, key, depth)]));
  const record = fc.record(model, { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom('__proto__', 'constructor', 'a\u0000'), nastyString).map(([obj, key, value]) => ({ ...(obj as object), [key]: value })) },
    { weight: 1, arbitrary: wrongType },
  );
}

function identityFor(op: Operation): Identity {
  if (op.scheme === 'buyerToken') return who.buyer;
  if (op.scheme === 'carrierKey') return who.carrier;
  if (op.scheme === 'authToken') return op.path.startsWith('/api/ops/') ? who.operator : who.seller;
  return who.public;
}

function inputArbitrary(op: Operation) {
  const params = fc.record(Object.fromEntries(op.params.map((p) => [p.name, fc.oneof(fieldArbitrary(p.schema, p.name), nastyString, nastyNumber)])));
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, fieldArbitrary(p.schema, p.name)])), { requiredKeys: [] });
  const body = op.body ? objectArbitrary(mainType(op.body).schema) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

beforeAll(async () => {
  Object.assign(ctx, await createWalletTestApp({ carrierKey: CARRIER_KEY }));
  const seller = await newShop(ctx);
  await fundShopDirect(ctx.db, seller.shopId, 1_000_000);
  const [productId] = await addShopProducts(ctx, seller, [1_500]);
  const buyer = await newBuyer(ctx);
  const orderId = await placeOrder(ctx, buyer.token, seller.shopId, productId);
  known = { orderId, productId };
  const op = await createOperator(ctx.db);
  who.seller = { label: 'seller', headers: { authtoken: seller.token } };
  who.operator = { label: 'operator', headers: { authtoken: await opsLoginToken(ctx.app, op.username, op.password) } };
  who.buyer = { label: 'buyer', headers: { buyertoken: buyer.token } };
  who.carrier = { label: 'carrier', headers: { 'x-carrier-key': CARRIER_KEY } };
  who.public = { label: 'nobody', headers: {} };
}, 60_000);

afterAll(() => ctx.close?.());

describe('fuzz over the OpenAPI document', () => {
  it('answers no fuzzed request of any operation with a 5xx', async () => {
    // Logouts end the fuzzing sessions: they go last.
    const ops = documentOperations(ctx.app).sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
    expect(ops.length).toBeGreaterThan(90);
    const failures: string[] = [];
    let requests = 0;
    for (const op of ops) {
      const caller = identityFor(op);
      // One request with the real objects first (a known order, product and shop), then the fuzz.
      const real = { params: Object.fromEntries(op.params.map((p) => [p.name, p.name === 'id' ? known.productId : sampleValue(p.schema, p.name)])), query: {}, body: op.body ? { ...(sampleValue(mainType(op.body).schema) as object), orderId: known.orderId } : undefined };
      const first = await send(ctx.app, op, caller, real);
      requests += 1;
      if (first.status >= 500) failures.push(`${op.name}: ${first.status} for ${JSON.stringify(real).slice(0, 200)}`);
      try {
        await fc.assert(
          fc.asyncProperty(inputArbitrary(op), async (input) => {
            requests += 1;
            const answer = await send(ctx.app, op, caller, input);
            return answer.status < 500;
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${op.name}: ${message.split('\n').slice(0, 4).join(' ').slice(0, 400)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(ops.length * RUNS);
  }, 180_000);
});
