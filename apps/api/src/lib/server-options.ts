import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { frameworkErrors } from './input-guard';
import { loggerOptions, requestId } from './logger';

/** Fastify's own options: logging, request ids, size and time limits, proxies, draining. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions['logger'] = loggerOptions(config),
) {
  return {
    logger,
    genReqId: requestId,
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...requestTimeouts(config.REQUEST_TIMEOUT_MS),
    frameworkErrors,
    // request.ip (per-IP limits, log lines) comes from X-Forwarded-For only as far as TRUST_PROXY
    // allows: by default not at all, whatever NODE_ENV says.
    // (A hop count is given as the function Fastify itself builds from a number; its types omit numbers.)
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? trustNearestHops(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    // Answer 503 to requests arriving on kept-alive connections while draining.
    return503OnClosing: true,
    // No time limit on a plugin's start: migrating and seeding a database, or hashing the
    // superadmin's password, may take longer than Fastify's default 10 s on a loaded machine.
    pluginTimeout: 0,
  } satisfies FastifyServerOptions;
}

/** Trusts the `hops` addresses nearest to us: the peer, then X-Forwarded-For from its right end. */
function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * A client has `ms` to send a whole request (headers included, and at most 10 s for the headers):
 * beyond, Node answers 408 and closes the connection, so slow senders cannot hold sockets open.
 * Node checks the clock every `connectionsCheckingInterval`, a quarter of the limit up to 1 s.
 */
function requestTimeouts(ms: number) {
  return {
    requestTimeout: ms,
    http: {
      headersTimeout: Math.min(ms, 10_000),
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(ms / 4))),
    },
  };
}
