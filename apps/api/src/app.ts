import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerErrorHandler } from './lib/error-handler';
import { registerInputGuard } from './lib/input-guard';
import { serverOptions } from './lib/server-options';
import { accountsPlugin } from './plugins/app/accounts';
import { apiPlugin } from './plugins/app/api';
import { catalogueVersionPlugin } from './plugins/app/catalogue-version';
import { databasePlugin } from './plugins/app/database';
import { keyringPlugin } from './plugins/app/keyring';
import { mailerPlugin } from './plugins/app/mailer';
import { redisPlugin } from './plugins/app/redis';
import { seoPlugin } from './plugins/app/seo';
import { corsPlugin } from './plugins/external/cors';
import { openApiPlugin } from './plugins/external/openapi';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { serverRenderingPlugin } from './plugins/external/server-rendering';
import { staticPlugin } from './plugins/external/static';
import type { SeoOptions } from './modules/seo';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    lifecycle: { shuttingDown: boolean };
  }
}

export interface BuildOptions {
  /** Override the logger (tests pass false or a stream). */
  logger?: boolean | Record<string, unknown>;
  /** The sitemaps' sizes (tests lower them; the defaults are the protocol's). */
  seo?: SeoOptions;
}

/**
 * Builds the whole application without binding a port: opens the database, applies migrations,
 * loads the demo catalogue when asked, registers plugins and routes. Tests call `app.inject()`.
 *
 * The app is a tree of named plugins (docs/decisions/022-app-as-a-plugin-tree.md): plugins/app/
 * holds what the application is made of (database, counters, keys, mail, accounts, services, the
 * /api scope, robots.txt and the sitemaps), plugins/external/ the web server's own concerns (rate
 * limits, security headers, CORS, the API document, the static app). Each states the plugins it
 * needs (`dependencies`), so a wrong order fails at start-up, naming the missing one. A start-up
 * failure closes what was opened.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options.logger)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('lifecycle', { shuttingDown: false });
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
    await app.register(databasePlugin);
    await app.register(catalogueVersionPlugin);
    await app.register(redisPlugin);
    await app.register(keyringPlugin);
    await app.register(mailerPlugin);
    await app.register(accountsPlugin);
    await app.register(rateLimitPlugin);
    await app.register(securityHeadersPlugin);
    await app.register(corsPlugin);
    await app.register(openApiPlugin);
    await app.register(apiPlugin, { prefix: '/api' });
    await app.register(seoPlugin, options.seo ?? {});
    await app.register(serverRenderingPlugin);
    await app.register(staticPlugin);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
