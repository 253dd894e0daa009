import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * The answer serializer (DESIGN §4: answers go through their schemas). Each route's zod response
 * schema becomes a JSON Schema once, at startup, and fast-json-stringify (Fastify's own
 * serializer) compiles it into a function that writes only the declared fields. No zod work per
 * answer: the schema is a contract checked by the type checker (handlers must return its type)
 * and, in tests, by `verify` below.
 *
 * fast-json-stringify is fast on plain shapes and slow on combinators (it validates `anyOf`
 * branches with ajv at run time), so `fastShape` rewrites the generated JSON Schema into an
 * equivalent plain one: `X | null` becomes `nullable`, a union of objects becomes one object with
 * every branch's fields, value lists (`enum`, `const`) are left to the type checker, and
 * anything else it cannot write exactly is handed to JSON.stringify (`{}`).
 */

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

/** Keywords fast-json-stringify acts on; the rest (validation keywords, docs) are dropped. */
const KEPT = new Set(['type', 'properties', 'items', 'additionalProperties', 'format', 'nullable']);
const isNull = (s: JsonSchema) => s.type === 'null';

function merge(objects: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const o of objects) {
    for (const [key, value] of Object.entries(o.properties ?? {})) {
      // The same field with two different shapes: write it as JSON.stringify would.
      properties[key] = key in properties && !isDeepStrictEqual(properties[key], value) ? {} : value;
    }
  }
  return { type: 'object', properties };
}

/** A JSON Schema that fast-json-stringify writes exactly as JSON.stringify would (see above). */
export function fastShape(schema: JsonSchema): JsonSchema {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const branches = union.filter((s) => !isNull(s)).map(fastShape);
    const nullable = branches.length < union.length;
    let shape: JsonSchema;
    if (branches.length === 1) shape = branches[0];
    else if (branches.every((b) => b.type === 'object' && !b.nullable)) shape = merge(branches);
    else return {};
    return nullable ? { ...shape, nullable: true } : shape;
  }
  if (Array.isArray(schema.type)) return {};
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, fastShape(v)]));
    } else if (key === 'items') {
      if (Array.isArray(value)) return {}; // a tuple: JSON.stringify writes it
      out.items = fastShape(value as JsonSchema);
    } else if (key === 'additionalProperties') {
      if (typeof value === 'object') out.additionalProperties = fastShape(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The zod schema as JSON Schema, as the answer leaves the server (Dates as ISO strings). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
}

function resolveZod(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/** The first place where two JSON values differ, for the verify error. */
function firstDifference(a: unknown, b: unknown, path = 'answer'): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: sent ${JSON.stringify(a)}, handler gave ${JSON.stringify(b)}`;
}

/**
 * `verify` (tests): every answer is also written with JSON.stringify and the two must read back
 * the same, so a field missing from a schema, a null where the schema says string, or a float
 * where it says integer fails the test instead of silently changing the answer; the writers are
 * compiled when the app gets ready, so a schema fast-json-stringify refuses fails every test.
 * Otherwise (a running server) each writer is compiled at its route's first answer: compiling the
 * ~200 of them (zod to JSON schema, fast-json-stringify's code generation) took ~0.3 s of a 2 s
 * restart, on the main thread PGlite's start needs too (bench/start).
 */
export function fastSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const compile = () => fastJson(fastShape(answerJsonSchema(resolveZod(schema))) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    if (!options.verify) {
      let write: ((data: unknown) => string) | null = null;
      return (data) => (write ??= compile())(data);
    }
    const write = compile();
    return (data) => {
      const json = write(data);
      const difference = firstDifference(JSON.parse(json), JSON.parse(JSON.stringify(data)));
      if (difference) throw new Error(`${method} ${url} ${httpStatus}: the response schema changes the answer (${difference})`);
      return json;
    };
  };
}
