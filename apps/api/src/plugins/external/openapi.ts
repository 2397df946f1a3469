import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DEFAULT_ROLE, PERMISSIONS, ROLES, roleAtLeast } from '@exemplar/shared/roles';
import type { FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { routeAccess } from '../../modules/auth';

/**
 * The API document at /api/docs/json (browsable at /api/docs), generated from the route schemas.
 *
 * Shared shapes that carry a zod `id` (`ErrorResponse`, the recursive `CategoryTreeNode`) become
 * components. On top of each route's own responses, the document adds what every route can answer
 * without saying so: the bearer scheme and 401/403 from its auth hook, 400 for bad input, 404 for
 * an id in the path, 413/415 for a body, 429 for a rate limit, and the few answers only the service
 * knows (ROUTE_ERRORS). Every one of them is an `ErrorResponse`. docs/decisions/014-api-document.md
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Exemplar API', version: '0.1.0', description: 'Worked maths examples' },
        servers: [],
        components: {
          securitySchemes: {
            [BEARER]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The idToken from POST /api/auth/login (or /api/auth/refresh).',
            },
          },
        },
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  // Before the routes: @fastify/swagger collects each route as it is added.
  { name: 'openapi' },
);

const BEARER = 'bearerAuth';
const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponse';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
type Errors = Partial<Record<ErrorStatus, string>>;

const MEANING: Record<ErrorStatus, string> = {
  400: 'Invalid input: the body, query or path failed validation (`fields` names each refused field), text holds a NUL character, or a new password breaks the policy (`reason` names the rule).',
  401: 'No valid bearer token: missing, malformed, expired, or its session has ended.',
  403: 'Signed in, but the role lacks the permission the operation needs (see its description).',
  404: 'Nothing has the id or name given in the path.',
  409: 'Conflicts with the current state.',
  413: 'The request body is larger than the limit.',
  415: 'The request body is not application/json.',
  429: 'Too many requests from this address: retry after the seconds the Retry-After header (and the message) gives.',
};

/** Answers that only the service behind a route knows, by method and route path. */
const ROUTE_ERRORS: { route: RegExp; errors: Errors }[] = [
  {
    route: /^POST \/api\/auth\/register$/,
    errors: { 409: 'An account with this email already exists.' },
  },
  {
    route: /^POST \/api\/auth\/login$/,
    errors: {
      401: 'Wrong email or password (one answer for both).',
      403: 'The account is not confirmed yet (code UserNotConfirmed) or is disabled (UserDisabled).',
      429: 'Too many requests from this address, or too many failed logins for this account (locked out: Retry-After gives the seconds left, the message says how long).',
    },
  },
  {
    route: /^POST \/api\/auth\/refresh$/,
    errors: { 401: 'The refresh token is unknown, expired or revoked.' },
  },
  {
    route: /^POST \/api\/auth\/(confirm|confirm-forgot-password)$/,
    errors: { 429: 'Too many requests from this address, or too many wrong codes.' },
  },
  {
    route: /^GET \/api\/examples\/random$/,
    errors: { 404: 'No example matches the filters.' },
  },
  {
    route: /^(POST|PUT|DELETE) \/api\/(subjects|categories|difficulties|types)(\/:id)?$/,
    errors: { 409: 'The name is taken, or the entry is still used by others.' },
  },
  {
    route: /^(PUT|DELETE) \/api\/admin\/users\/:username(\/groups\/:group)?$/,
    errors: { 409: 'This would leave no enabled superadmin.' },
  },
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 4xx a route can answer and what each means for it. */
function errorsOf(route: RouteOptions, method: string): Errors {
  const errors: Errors = { 400: MEANING[400] };
  const access = routeAccess(route.onRequest);
  if (access) errors[401] = MEANING[401];
  // Every signed-in user has the basic role, so only a higher one can be refused.
  if (access?.signIn === 'required' && access.permission) {
    if (PERMISSIONS[access.permission] !== DEFAULT_ROLE) errors[403] = MEANING[403];
  }
  if (route.url.includes(':')) errors[404] = MEANING[404];
  if (BODY_METHODS.has(method)) {
    errors[413] = MEANING[413];
    errors[415] = MEANING[415];
  }
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) errors[429] = MEANING[429];
  for (const { route: pattern, errors: extra } of ROUTE_ERRORS) {
    if (pattern.test(`${method} ${route.url}`)) Object.assign(errors, extra);
  }
  return errors;
}

/** Who may call: documented as the operation's security and in its description. */
function accessNote(route: RouteOptions): {
  security?: Record<string, string[]>[];
  note?: string;
} {
  const access = routeAccess(route.onRequest);
  if (!access) return {};
  if (access.signIn === 'optional') {
    return {
      // An empty requirement first: the token is optional.
      security: [{}, { [BEARER]: [] }],
      note: 'A bearer token is optional: with one, the answer is for that user; a bad one is a 401.',
    };
  }
  const role = access.permission ? PERMISSIONS[access.permission] : DEFAULT_ROLE;
  const who =
    role === DEFAULT_ROLE
      ? 'any signed-in user'
      : `a ${ROLES.filter((r) => roleAtLeast(r, role)).join(' or ')}`;
  const permission = access.permission ? ` (permission ${access.permission})` : '';
  return { security: [{ [BEARER]: [] }], note: `Needs a bearer token of ${who}${permission}.` };
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const transform: SwaggerTransform = (document) => {
  const result = zodTransform(document);
  const schema = result.schema as (FastifySchema & Record<string, unknown>) | undefined;
  if (!schema || schema.hide) return result;
  const { route } = document;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';

  const response: Record<string, unknown> = { ...(schema.response as object | undefined) };
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    // A JSON object the route builds itself (a key set, a file): no schema of its own.
    response[200] = { 'x-response-description': 'Success', type: 'object' };
  }
  for (const [status, description] of Object.entries(errorsOf(route, method))) {
    response[status] ??= {
      description,
      content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
    };
  }

  const { security, note } = accessNote(route);
  const description = [schema.description, note].filter(Boolean).join('\n\n');
  return {
    url: result.url,
    schema: {
      ...schema,
      response,
      ...(security ? { security } : {}),
      ...(description ? { description } : {}),
    },
  };
};

const zodTransformObject = createJsonSchemaTransformObject({});

/** Adds the named zod schemas as components, keeping only those the operations refer to. */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = zodTransformObject(document) as {
    paths?: object;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = openapi.components?.schemas ?? {};
  const used = new Set<string>();
  const queue: unknown[] = [openapi.paths];
  while (queue.length > 0) {
    const value = queue.pop();
    if (value === null || typeof value !== 'object') continue;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!used.has(name)) {
        used.add(name);
        queue.push(schemas[name]);
      }
    }
    queue.push(...Object.values(value));
  }
  return {
    ...openapi,
    components: {
      ...openapi.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};
