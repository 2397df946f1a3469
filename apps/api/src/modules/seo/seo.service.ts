import { APP_ROUTES, PUBLIC_APP_ROUTES } from '@exemplar/shared/app-routes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listCategories } from '../catalogue/taxonomy';
import * as examples from '../catalogue/examples';
import type { SitemapEntry } from './seo.presenter';

/** The protocol's limit of URLs in one sitemap file (and the size of each examples chunk). */
export const SITEMAP_MAX_URLS = 50_000;

/** Rows read per query while writing a sitemap: what is held in memory at once. */
export const SITEMAP_BATCH_ROWS = 5_000;

export interface SeoOptions {
  /** URLs per examples sitemap (1 … SITEMAP_MAX_URLS); tests lower it to see the chunking. */
  urlsPerSitemap?: number;
  /** Rows per keyset query (at most urlsPerSitemap is used). */
  batchRows?: number;
}

export type ExampleBatches = AsyncIterable<{ id: number; updated_at: string }[]>;

/** The path of the examples list filtered to a category, as the web app links it (its breadcrumb:
 * `examplesListPath` with `subject` then `category`, FILTER_PARAMS in features/examples). */
export const categoryListPath = (subjectId: number, categoryId: number) =>
  `/examples?subject=${subjectId}&category=${categoryId}`;

/** The public pages without a parameter: `/`, `/about`, `/latex`, `/examples`. */
const STATIC_PAGES = PUBLIC_APP_ROUTES.filter((route) => !route.includes(':'));

/**
 * What robots.txt disallows: `/api/`, and each page of APP_ROUTES that is not public, cut at its
 * first parameter (`/dashboard/user/:userId?` → `/dashboard/user`), leaving out a prefix another
 * one already covers (`/dashboard` covers `/dashboard/user`).
 */
export function disallowedPaths(): string[] {
  const publicRoutes: readonly string[] = PUBLIC_APP_ROUTES;
  const prefixes = APP_ROUTES.filter((route) => !publicRoutes.includes(route)).map(
    (route) => route.split('/:')[0] || '/',
  );
  const covers = (prefix: string, path: string) =>
    path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
  const kept = ['/api/', ...prefixes].filter(
    (prefix, i, all) =>
      !all.some((other, j) => j !== i && other !== prefix && covers(other, prefix)),
  );
  const unique = [...new Set(kept)];
  // A disallowed prefix must never hide a public page (robots.txt matches by plain prefix).
  const hidden = PUBLIC_APP_ROUTES.filter((page) =>
    unique.some((prefix) => (page.split('/:')[0] || '/').startsWith(prefix)),
  );
  if (hidden.length)
    throw new Error(`robots.txt would disallow public pages: ${hidden.join(', ')}`);
  return unique;
}

/**
 * The sitemaps and robots.txt (ADR 029): a sitemap index over `pages.xml` (the public pages and one
 * examples list per category) and `examples-N.xml`, the examples in id order cut into files of
 * `urlsPerSitemap`, each written as keyset batches arrive.
 */
export function seoService(db: Kysely<Database>, options: SeoOptions = {}) {
  const perSitemap = options.urlsPerSitemap ?? SITEMAP_MAX_URLS;
  const batchRows = Math.min(options.batchRows ?? SITEMAP_BATCH_ROWS, perSitemap);
  for (const [name, value] of [
    ['urlsPerSitemap', perSitemap],
    ['batchRows', batchRows],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1 || value > SITEMAP_MAX_URLS) {
      throw new RangeError(`${name} must be a whole number from 1 to ${SITEMAP_MAX_URLS}`);
    }
  }
  const disallow = disallowedPaths();

  /** The rows of one examples sitemap from `firstId` on: at most `perSitemap`, `batchRows` a query. */
  async function* batches(firstId: number): ExampleBatches {
    let left = perSitemap;
    let from = firstId;
    while (left > 0) {
      const limit = Math.min(batchRows, left);
      const rows = await examples.sitemapBatch(db, from, limit);
      if (rows.length) yield rows;
      if (rows.length < limit) return;
      left -= rows.length;
      from = rows[rows.length - 1]!.id + 1;
    }
  }

  return {
    urlsPerSitemap: perSitemap,

    /** The index's children: pages.xml, then one examples file per chunk with its newest change. */
    async sitemapIndex(): Promise<SitemapEntry[]> {
      const chunks = await examples.sitemapChunks(db, perSitemap);
      return [
        { path: '/sitemaps/pages.xml' },
        ...chunks.map((c) => ({
          path: `/sitemaps/examples-${c.chunk + 1}.xml`,
          lastmod: c.lastmod,
        })),
      ];
    },

    /** pages.xml: the static public pages, then each category's examples list. */
    async pages(): Promise<SitemapEntry[]> {
      const categories = await listCategories(db);
      return [
        ...STATIC_PAGES.map((path) => ({ path })),
        ...categories.map((c) => ({ path: categoryListPath(c.subject_id, c.id) })),
      ];
    },

    /**
     * The rows of examples-`n`.xml (n from 1), in batches; null when there is no such file (the
     * examples before it already fill every earlier one, or fewer).
     */
    async exampleBatches(n: number): Promise<ExampleBatches | null> {
      const offset = (n - 1) * perSitemap;
      if (!Number.isSafeInteger(offset) || offset < 0) return null;
      const firstId = await examples.sitemapIdAt(db, offset);
      return firstId === undefined ? null : batches(firstId);
    },

    /** The path prefixes robots.txt disallows. */
    disallowedPaths: () => disallow,
  };
}

export type SeoService = ReturnType<typeof seoService>;
