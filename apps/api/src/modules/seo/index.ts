// The seo module's face: robots.txt and the sitemaps, served at the root (plugins/app/seo.ts).
export { seoRoutes } from './seo.routes';
export { seoService, type SeoOptions, type SeoService } from './seo.service';
