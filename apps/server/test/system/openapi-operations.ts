/**
 * The operations of the served OpenAPI document, read the way the standing guards need them (the
 * cross-shop sweep and the fuzz test): each operation's path, query and body schemas, so a
 * new endpoint is covered by both without anyone writing a test for it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { encodePassword } from '@shopdesk/shared/auth/schemas';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "METHOD /path" as the document writes it, e.g. "GET /api/wallet/deposits/{id}". */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; null when the operation takes none (or takes multipart, read by its handler). */
  body: JsonSchema | null;
  multipart: boolean;
  /** The security scheme the operation names: authToken, buyerToken, carrierKey, or none (public). */
  scheme: 'authToken' | 'buyerToken' | 'carrierKey' | null;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}

/** Every operation of the app's OpenAPI document (the one published at /api/docs/json). */
export function documentOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, DocOperation>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const scheme = (op.security ?? []).flatMap((s) => Object.keys(s))[0] as Operation['scheme'] | undefined;
      ops.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content || (path.endsWith('/deposit') || path.endsWith('/logo')) && method === 'post',
        scheme: scheme ?? null,
      });
    }
  }
  return ops;
}

/** The first branch of a union that is not null, and the type named by a schema. */
export function mainType(schema: JsonSchema): { schema: JsonSchema; type: string | undefined } {
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) {
    const chosen = branch.find((s) => s.type !== 'null') ?? branch[0];
    return mainType(chosen);
  }
  if (schema.allOf?.length === 1) return mainType(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return { schema, type };
}

const PASSWORD_FIELDS = /^(password|fundPassword|newPwd|confirmPassword)$/;
const STRING_CANDIDATES = ['2026-01-01', '1', '123456', 'abc', 'a@b.co', '+84 901234567', 'TRC20'];
let counter = 0;

/** A plain valid-looking value for a field, from its schema (and its name, where the schema is loose). */
export function sampleValue(schema: JsonSchema, name = ''): unknown {
  const { schema: s, type } = mainType(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== '' && v !== null) ?? s.enum[0];
  if (s.default !== undefined && s.default !== '') return s.default;
  switch (type) {
    case 'string': {
      if (PASSWORD_FIELDS.test(name)) return encodePassword('123456');
      if (/^(username)$/.test(name)) return `sweep${process.pid % 1000}${++counter}`;
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const hit = STRING_CANDIDATES.find((c) => re.test(c));
        if (hit !== undefined) return hit;
      }
      const length = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 4, 4));
      return 'abcdefgh'.repeat(Math.ceil(length / 8)).slice(0, length);
    }
    case 'integer':
    case 'number': {
      const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
      return typeof s.maximum === 'number' && s.maximum < min ? s.maximum : Math.max(min, 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sampleValue(s.items ?? {}, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleValue(s.properties?.[key] ?? {}, key);
      return out;
    }
    default:
      return 'x';
  }
}

export interface Identity {
  label: string;
  headers: Record<string, string>;
}

/** Sends one request through the real HTTP layer (app.inject) and answers its status and text. */
export async function send(
  app: FastifyInstance,
  op: Operation,
  who: Identity,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
): Promise<{ status: number; text: string }> {
  let url = op.path;
  for (const [key, value] of Object.entries(input.params)) url = url.replace(`{${key}}`, encodeURIComponent(String(value)));
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined) continue;
    query[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  }
  const options: InjectOptions = { method: op.method, url, query, headers: { ...who.headers } };
  if (op.method !== 'GET' && input.body !== undefined) {
    options.payload = JSON.stringify(input.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  const response = await app.inject(options);
  return { status: response.statusCode, text: response.body };
}
