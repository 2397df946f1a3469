import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * No text anywhere in a request may hold a NUL character: PostgreSQL cannot store one and SQLite
 * would cut strings at it. Refused up front with a 400, for every route and both engines.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      return done(badRequest('Text must not contain NUL characters (U+0000).'));
    }
    done();
  });
}
