import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendCompressed } from '../../lib/compression';
import { publicOrigin } from '../../lib/public-origin';
import { exampleUrlset, robotsTxt, sitemapIndex, urlset } from './seo.presenter';
import type { SeoService } from './seo.service';

/** Crawlers may keep these an hour; a shared cache too (they hold nothing per user). */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** `examples-N.xml` with N from 1, without leading zeros (so each file has one URL). */
const EXAMPLES_FILE = /^examples-([1-9]\d{0,8})\.xml$/;

function start(reply: FastifyReply, type: string) {
  return reply.header('cache-control', CACHE_CONTROL).type(type);
}

/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/{pages,examples-N}.xml, outside /api (ADR 029). Not
 * in the API document: they are for crawlers, not API clients.
 */
export async function seoRoutes(app: FastifyInstance, { service }: { service: SeoService }) {
  const schema = { hide: true };

  app.get('/robots.txt', { schema }, async (request, reply) =>
    sendCompressed(
      request,
      start(reply, 'text/plain; charset=utf-8'),
      robotsTxt(publicOrigin(request, app.config), service.disallowedPaths()),
    ),
  );

  app.get('/sitemap.xml', { schema }, async (request, reply) =>
    sendCompressed(
      request,
      start(reply, XML),
      sitemapIndex(publicOrigin(request, app.config), await service.sitemapIndex()),
    ),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema }, async (request, reply) => {
    const origin = publicOrigin(request, app.config);
    const { file } = request.params;
    if (file === 'pages.xml') {
      return sendCompressed(request, start(reply, XML), urlset(origin, await service.pages()));
    }
    const n = EXAMPLES_FILE.exec(file)?.[1];
    const batches = n === undefined ? null : await service.exampleBatches(Number(n));
    if (!batches) {
      return reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('No such sitemap: /sitemap.xml lists them.');
    }
    return sendCompressed(request, start(reply, XML), exampleUrlset(origin, batches));
  });
}
