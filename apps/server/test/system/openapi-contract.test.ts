import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../helper.ts';

const ctx = useTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** Every operation of the document, as "METHOD /path". */
async function operations(): Promise<{ doc: { components: { securitySchemes: Record<string, unknown> } }; ops: [string, Operation][] }> {
  const { status, body } = await call(ctx.app, 'GET', '/api/docs/json');
  expect(status).toBe(200);
  const ops: [string, Operation][] = [];
  for (const [path, methods] of Object.entries(body.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) ops.push([`${method.toUpperCase()} ${path}`, op]);
  }
  return { doc: body, ops };
}

describe('OpenAPI contract (typed answers)', () => {
  it('documents a 200 answer with a schema for every operation', async () => {
    const { ops } = await operations();
    expect(ops.length).toBeGreaterThan(40);
    const undocumented = ops
      .filter(([, op]) => {
        const content = op.responses?.['200']?.content;
        return !content || Object.values(content).some((media) => !media.schema || Object.keys(media.schema).length === 0);
      })
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it('documents JSON answers as the { code, msg, data } envelope with a typed data', async () => {
    const { ops } = await operations();
    const loose = ops
      .filter(([, op]) => {
        const schema = op.responses?.['200']?.content?.['application/json']?.schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
        if (!schema) return false;
        const props = schema.properties ?? {};
        return !('code' in props && 'msg' in props && 'data' in props) || Object.keys(props.data as object).length === 0;
      })
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });

  it('declares the authToken, buyerToken and carrier key schemes, and each operation names the one it uses', async () => {
    const { doc, ops } = await operations();
    expect(doc.components.securitySchemes).toMatchObject({
      authToken: { type: 'apiKey', in: 'header', name: 'authToken' },
      buyerToken: { type: 'apiKey', in: 'header', name: 'buyerToken' },
      carrierKey: { type: 'apiKey', in: 'header', name: 'x-carrier-key' },
    });
    const schemesOf = (op: Operation) => (op.security ?? []).flatMap((s) => Object.keys(s));
    // The buyer's chat stream is opened with a single-use ticket (an EventSource sends no header), like /api/sse/connect.
    const withoutToken = ['/api/buyer/login', '/api/buyer/register', '/api/buyer/chat/stream'];
    const buyerOps = ops.filter(([name]) => name.includes(' /api/buyer/') && !withoutToken.some((path) => name.endsWith(path)));
    expect(buyerOps.length).toBeGreaterThan(3);
    expect(buyerOps.filter(([, op]) => !schemesOf(op).includes('buyerToken')).map(([name]) => name)).toEqual([]);
    const byName = new Map(ops);
    expect(schemesOf(byName.get('POST /api/carrier/update')!)).toEqual(['carrierKey']);
    expect(schemesOf(byName.get('POST /api/order/getOrderList')!)).toEqual(['authToken']);
    expect(schemesOf(byName.get('GET /api/ops/withdrawals')!)).toEqual(['authToken']);
    expect(schemesOf(byName.get('POST /api/sellAuth/login')!)).toEqual([]);
    expect(schemesOf(byName.get('POST /api/buyer/login')!)).toEqual([]);
    // No operation is left without a decision: an empty list means public, on purpose.
    expect(ops.filter(([, op]) => op.security === undefined).map(([name]) => name)).toEqual([]);
  });

  it('documents the refusal envelope for 4xx and 5xx answers', async () => {
    const { ops } = await operations();
    const [, list] = ops.find(([name]) => name === 'POST /api/order/getOrderList')!;
    expect(list.responses?.['4XX']?.content?.['application/json']?.schema).toMatchObject({ properties: { code: {}, error: {}, msg: {} } });
  });

  it('documents CSV exports as text/csv strings', async () => {
    const { ops } = await operations();
    const [, exportOrders] = ops.find(([name]) => name === 'GET /api/order/exportOrders')!;
    expect(exportOrders.responses?.['200']?.content?.['text/csv']?.schema).toMatchObject({ type: 'string' });
  });
});
