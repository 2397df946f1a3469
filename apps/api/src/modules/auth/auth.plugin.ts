import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '@exemplar/shared/roles';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthService, AuthUser } from './auth.service';

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
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
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
    app.decorateRequest('user', null);
    // Whatever answers a request that carries credentials is the caller's own (their marks, their
    // account, admin data): never stored by a browser or a shared cache.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization) reply.header('cache-control', 'no-store');
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (!token) throw unauthorized();
      request.user = await service.authenticate(token);
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (token) request.user = await service.authenticate(token);
    });
    app.decorate(
      'requirePermission',
      (permission: Permission) => async (request: FastifyRequest) => {
        const token = bearer(request);
        if (!token) throw unauthorized();
        request.user = await service.authenticate(token);
        if (!can(request.user.groups, permission)) throw forbidden();
      },
    );
  },
  { name: 'auth' },
);
