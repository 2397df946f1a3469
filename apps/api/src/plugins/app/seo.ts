import fp from 'fastify-plugin';
import { seoRoutes, seoService, type SeoOptions } from '../../modules/seo';

/**
 * robots.txt and the sitemaps (modules/seo, ADR 029): routes at the root, outside the /api scope
 * (whose services they do not use: the service is built here, once), registered before `static`
 * so that its app-shell fallback never answers them.
 */
export const seoPlugin = fp<SeoOptions>(
  async (app, options) => {
    const service = seoService(app.database.db, options);
    await app.register(seoRoutes, { service });
  },
  { name: 'seo', dependencies: ['database'] },
);
