import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@shopdesk/shared/envelope';
import type { Access } from './auth.ts';

/**
 * Who proves what, per route access (plugins/auth.ts): sellers and operators send their session
 * in `authToken`, buyers theirs in `buyerToken`, the carrier its platform key in `x-carrier-key`.
 */
const SECURITY_SCHEMES = {
  authToken: { type: 'apiKey', in: 'header', name: 'authToken', description: 'Seller or operator session token (POST /api/sellAuth/login, /api/ops/login)' },
  buyerToken: { type: 'apiKey', in: 'header', name: 'buyerToken', description: 'Buyer session token (POST /api/buyer/login)' },
  carrierKey: { type: 'apiKey', in: 'header', name: 'x-carrier-key', description: 'The carrier platform key (CARRIER_KEY)' },
} as const;

const SECURITY_BY_ACCESS: Record<Access, { [scheme in keyof typeof SECURITY_SCHEMES]?: string[] }[]> = {
  public: [],
  seller: [{ authToken: [] }],
  operator: [{ authToken: [] }],
  buyer: [{ buyerToken: [] }],
  carrier: [{ carrierKey: [] }],
};

const { $schema: _dialect, ...errorJson } = z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;
const errorAnswer = { ...errorJson, description: 'Refused: { code (non-zero), error (stable key), msg (localized), data, details? }' };

type Transform = typeof jsonSchemaTransform;

/** The type provider's zod → JSON Schema transform, plus each operation's security and its refusals. */
const transform: Transform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide) return result;
  const access = ((input.route as { config?: { access?: Access } }).config?.access ?? 'seller') satisfies Access;
  schema.security = SECURITY_BY_ACCESS[access];
  // The operator roles the route allows (plugins/auth.ts enforces the same list).
  const opsRoles = (input.route as { config?: { opsRoles?: readonly string[] } }).config?.opsRoles;
  if (access === 'operator' && opsRoles) schema['x-ops-roles'] = [...opsRoles];
  // What a seller route needs of the caller's role (plugins/auth.ts enforces the same).
  const permission = (input.route as { config?: { permission?: string } }).config?.permission;
  if (access === 'seller' && permission) schema['x-permission'] = permission;
  schema.response = { ...schema.response, '4XX': errorAnswer, '5XX': errorAnswer };
  return result;
};

/** OpenAPI from the same zod schemas that validate requests and write answers: UI at /api/docs, document at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ShopDesk API', version: '0.1.0', description: 'Seller back office API. Answers are { code, msg, data }.' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
  });
  // The UI's own CSP (hashes of its inline code), never framed and without upgrade-insecure-requests
  // (a plain-HTTP deployment would lose its files); plugins/security-headers.ts sets the rest.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
