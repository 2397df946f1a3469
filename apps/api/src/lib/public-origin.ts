import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin absolute links to this site are built from: PUBLIC_URL when set, else the request's
 * own protocol and host (as TRUST_PROXY lets the proxy in front report them).
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    // A Host header that is no host: nothing absolute is written with it.
    return `${request.protocol}://localhost`;
  }
}
