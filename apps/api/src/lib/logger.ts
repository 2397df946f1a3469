import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Paths never written to a log line: credentials, codes and tokens, wherever they appear.
 * Fastify does not log bodies; these guard anything that logs an object holding them.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.code',
  '*.token',
  '*.idToken',
  '*.accessToken',
  '*.refreshToken',
  '*.password_hash',
  '*.code_hash',
  '*.private_jwk',
];

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A caller's x-request-id when it is sane, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
