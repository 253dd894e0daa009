import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@shopdesk/shared/envelope';
import { orderListAnswer, purchaseAnswer } from '@shopdesk/shared/orders/schemas';
import { answerJsonSchema, fastSerializerCompiler, fastShape } from './serializer.ts';

const compile = (schema: z.ZodType, verify = false) =>
  fastSerializerCompiler({ verify })({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (data: unknown) => string;

describe('fast answer serializer', () => {
  it('writes nullable fields, Dates as ISO strings and drops nothing declared', () => {
    const schema = envelope(z.object({ at: z.date(), when: z.string().nullable(), n: z.number().int().nullable(), tags: z.array(z.string()), extra: z.unknown() }));
    const data = { code: 0, msg: 'ok', data: { at: new Date('2026-01-02T03:04:05.000Z'), when: null, n: 5, tags: ['a'], extra: { x: [1] } } };
    expect(JSON.parse(compile(schema)(data))).toEqual({ code: 0, msg: 'ok', data: { at: '2026-01-02T03:04:05.000Z', when: null, n: 5, tags: ['a'], extra: { x: [1] } } });
  });

  it('turns X | null into nullable and a union of objects into one object, with no anyOf left', () => {
    const shape = JSON.stringify(fastShape(answerJsonSchema(envelope(purchaseAnswer))));
    expect(shape).not.toContain('anyOf');
    const rows = { results: [{ orderId: 'A', ok: true, purchaseAmountCents: 5, purchaseTime: 'T' }, { orderId: 'B', ok: false, error: 'X', msg: 'm' }], purchased: 1, failed: 1, purchaseAmountCents: 5, availableCents: 0 };
    expect(JSON.parse(compile(envelope(purchaseAnswer))({ code: 0, msg: '', data: rows })).data).toEqual(rows);
    expect(JSON.stringify(fastShape(answerJsonSchema(orderListAnswer)))).not.toContain('anyOf');
  });

  it('under verify, refuses an answer the schema would change (a field left out, a null where a string is declared)', () => {
    const schema = envelope(z.object({ id: z.number().int(), name: z.string() }));
    expect(() => compile(schema, true)({ code: 0, msg: '', data: { id: 1, name: 'a', extra: 'x' } })).toThrow(/answer\.data\.extra/);
    expect(() => compile(schema, true)({ code: 0, msg: '', data: { id: 1, name: null } })).toThrow(/answer\.data\.name/);
    expect(() => compile(schema, true)({ code: 0, msg: '', data: { id: 1.5, name: 'a' } })).toThrow(/answer\.data\.id/);
    expect(compile(schema, true)({ code: 0, msg: '', data: { id: 1, name: 'a' } })).toBe('{"code":0,"msg":"","data":{"id":1,"name":"a"}}');
  });

  it('outside verify, reads the schema only at the first answer, and once (a server start compiles nothing)', () => {
    let reads = 0;
    const inner = z.object({ id: z.number().int() });
    // A schema whose conversion counts its reads: z.lazy resolves its getter when it is turned into JSON schema.
    const schema = envelope(z.lazy(() => (reads++, inner)));
    const write = compile(schema);
    expect(reads).toBe(0);
    expect(write({ code: 0, msg: '', data: { id: 1 } })).toBe('{"code":0,"msg":"","data":{"id":1}}');
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(write({ code: 0, msg: '', data: { id: 2 } })).toBe('{"code":0,"msg":"","data":{"id":2}}');
    expect(reads).toBe(afterFirst);
  });
});
