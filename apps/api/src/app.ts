import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@exemplar/shared/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoCatalogue } from './db/seed/demo';
import {
  connectRedis,
  memoryCounterStore,
  rateLimitStore,
  redisCounterStore,
  redisSettled,
  type CounterStore,
} from './lib/counters';
import { AppError } from './lib/errors';
import { registerErrorHandler, sendError } from './lib/error-handler';
import { createKeyring, type Keyring } from './lib/jwt';
import { addVary, compressionPlugin } from './lib/compression';
import { loggerOptions, requestId } from './lib/logger';
import { frameworkErrors, registerInputGuard } from './lib/input-guard';
import { registerOpenApi } from './lib/openapi';
import { registerSecurityHeaders } from './lib/security-headers';
import { createMailer, type Mailer } from './lib/mailer';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { authPlugin } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { publicCachePlugin } from './modules/catalogue/public-cache';
import { catalogueWritesRoutes } from './modules/catalogue-writes/catalogue-writes.routes';
import { catalogueIoRoutes } from './modules/catalogue-io/catalogue-io.routes';
import { examplesRoutes } from './modules/examples/examples.routes';
import { healthRoutes } from './modules/health/health.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { progressRoutes } from './modules/progress/progress.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Db;
    lifecycle: { shuttingDown: boolean };
    keyring: Keyring;
    /** The Redis client when REDIS_URL is set (readiness pings it). */
    redis: Redis | null;
    /** Expiring counters (rate limits, lockouts, code-mail limits), in Redis when configured. */
    counters: CounterStore;
    /** SMTP, or the dev outbox without SMTP_URL. */
    mailer: Mailer;
  }
}

export interface BuildOptions {
  /** Override the logger (tests pass false or a stream). */
  logger?: boolean | Record<string, unknown>;
}

/**
 * Builds the whole application without binding a port: opens the database, applies migrations,
 * loads the demo catalogue when asked, registers plugins and routes. Tests call `app.inject()`.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    await migrate(database);
    if (config.SEED === 'demo') await seedDemoCatalogue(database.db, database.engine);
    if (database.engine === 'sqlite') await database.refreshStatistics();
  } catch (err) {
    await database.close();
    throw err;
  }

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('onClose', async () => {
    await database.close();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // While draining, close each connection after its response so shutdown need not wait for
    // kept-alive sockets to time out.
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandler(app);
  // The API speaks JSON only: anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerInputGuard(app);

  try {
    await registerAccounts(app, config, database);
  } catch (err) {
    await app.close();
    throw err;
  }

  const production = config.NODE_ENV === 'production';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // KaTeX and Mantine set inline style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Cross-origin calls only from the origins the operator lists; none by default (same origin).
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });

  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(publicCachePlugin);
      // After the cache: its onSend keeps the uncompressed body (and compresses it once itself).
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(adminUsersRoutes);
      await api.register(newsletterRoutes);
      await api.register(catalogueRoutes);
      await api.register(examplesRoutes);
      await api.register(catalogueWritesRoutes);
      await api.register(catalogueIoRoutes);
      await api.register(progressRoutes);
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.WEB_DIST_DIR, 'index.html');
  const webBuilt = fs.existsSync(indexHtml);
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      // scripts/web-build.mjs writes file.br and file.gz beside each compressible file: sent
      // as they are to browsers that accept them (ADR 015). Files without them go out as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Called with the file actually sent (maybe file.br): decide on the original's name.
        const file = filePath.replace(/\.(?:br|gz)$/, '');
        // Vite fingerprints everything under assets/: cache it for a year. The rest (index.html,
        // the app shell of every client route) is asked again each time.
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        if (PRECOMPRESSED.test(file)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return sendError(reply, 404, ErrorCode.NotFound, `No API route ${request.method} ${url}.`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, ErrorCode.NotFound, `Nothing at ${request.method} ${url}.`);
    }
    if (!webBuilt) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build`, then restart.');
    }
    // SPA fallback: client routes are answered with the app shell (compressed like the rest);
    // the router shows its own 404.
    addVary(reply, 'Accept-Encoding');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });

  return app;
}

/** The files scripts/web-build.mjs compresses (its COMPRESSIBLE): their answers vary by encoding. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|ttf|otf|eot)$/;

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

/** Keys, mail, counters, the auth service and the superadmin account of SUPERADMIN_EMAIL. */
async function registerAccounts(app: FastifyInstance, config: Config, database: Db) {
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined;
  app.decorate('redis', redis ?? null);
  // A reachable Redis is connected before the first request; an unreachable one does not hold up
  // start-up (readiness says so, and counted routes answer 503 until it is back).
  if (redis) await redisSettled(redis);
  const counters = redis ? redisCounterStore(redis, 'exemplar:', app.log) : memoryCounterStore();
  const keyring = await createKeyring(database.db);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    log: app.log,
  });
  app.decorate('keyring', keyring);
  app.decorate('counters', counters);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    mailer.close();
    await counters.close();
    // quit() needs a connection; a Redis that is down is simply dropped.
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
  const auth = authService({
    db: database.db,
    keyring,
    mailer,
    counters,
    log: app.log,
    sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 3600_000,
  });
  if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
    const result = await auth
      .ensureUser({
        email: config.SUPERADMIN_EMAIL.toLowerCase(),
        password: config.SUPERADMIN_PASSWORD,
        name: 'Super Admin',
        role: 'superadmin',
      })
      .catch((err: unknown) => {
        throw new Error(`SUPERADMIN_PASSWORD: ${err instanceof Error ? err.message : String(err)}`);
      });
    app.log.info({ created: result.created }, 'superadmin account ensured');
  }
  await app.register(authPlugin, { service: auth });
  await app.register(rateLimit, {
    global: false,
    // Keyed on request.ip (see TRUST_PROXY), counted with the lockouts; fails closed: a limit that
    // cannot be counted answers 503 rather than letting the request through (skipOnError: false).
    store: rateLimitStore(counters),
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'TooManyRequests',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
}
