import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin absolute links to this site are built from: PUBLIC_URL when set, else the request's
 * own protocol and host (as TRUST_PROXY lets the proxy in front report them).
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): string {
  return config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}
