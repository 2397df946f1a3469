import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '@exemplar/shared/roles';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthUser } from './auth.deps';
import type { AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** onRequest hook: the caller must present a valid bearer token of a live session. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: reads the bearer token when present; visitors pass as anonymous. */
    optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook factory: 401 without a valid token, 403 when the caller's role lacks `permission`. */
    requirePermission(
      permission: Permission,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * What each route registered after the auth plugin declares of its caller, by "METHOD /path"
     * (undefined: a public route). Read by the role tests, which call every route as every role.
     */
    declaredAccess: ReadonlyMap<string, RouteAccess | undefined>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** What a route's auth hook asks of the caller: read by the API document (plugins/external/openapi.ts). */
export type RouteAccess = { signIn: 'optional' } | { signIn: 'required'; permission?: Permission };
const accessByHook = new WeakMap<object, RouteAccess>();

/** The access the `onRequest` hook(s) of a route demand; undefined for a public route. */
export function routeAccess(onRequest: unknown): RouteAccess | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  const found = hooks.flatMap((hook) => {
    const access = typeof hook === 'function' ? accessByHook.get(hook) : undefined;
    return access ? [access] : [];
  });
  return found.find((a) => a.signIn === 'required') ?? found[0];
}

/**
 * onRequest hook for personal answers: `Cache-Control: no-store`, set before anything can fail so
 * error answers carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_.-]{10,4096})$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

export const authPlugin = fp<{ service: AuthService }>(
  async (app, { service }) => {
    app.decorate('auth', service);
    const declared = new Map<string, RouteAccess | undefined>();
    app.decorate('declaredAccess', declared);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        declared.set(`${method} ${route.url}`, routeAccess(route.onRequest));
      }
    });
    app.decorateRequest('user', null);
    // Whatever answers a request that carries credentials is the caller's own (their marks, their
    // account, admin data): never stored by a browser or a shared cache.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.headers.authorization) reply.header('cache-control', 'no-store');
      done();
    });
    const requireUser = async (request: FastifyRequest) => {
      const token = bearer(request);
      if (!token) throw unauthorized();
      request.user = await service.authenticate(token);
    };
    const optionalUser = async (request: FastifyRequest) => {
      const token = bearer(request);
      if (token) request.user = await service.authenticate(token);
    };
    accessByHook.set(requireUser, { signIn: 'required' });
    accessByHook.set(optionalUser, { signIn: 'optional' });
    app.decorate('requireUser', requireUser);
    app.decorate('optionalUser', optionalUser);
    app.decorate('requirePermission', (permission: Permission) => {
      const hook = async (request: FastifyRequest) => {
        const token = bearer(request);
        if (!token) throw unauthorized();
        request.user = await service.authenticate(token);
        if (!can(request.user.groups, permission)) throw forbidden();
      };
      accessByHook.set(hook, { signIn: 'required', permission });
      return hook;
    });
  },
  { name: 'auth' },
);
