import zlib from 'node:zlib';
import { APP_ROUTES, PUBLIC_APP_ROUTES } from '@exemplar/shared/app-routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleBody, insertExample } from '../../../test/factories';
import { COMPRESS_MIN_BYTES } from '../../lib/compression';
import { seoService } from './seo.service';
import { httpBytes } from '../../../test/helpers/http';
import { useTestApp } from '../../../test/helpers/test-app';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { parseXml, records } from '../../../test/helpers/xml';

/** Small files, so the small catalogue (plus a few) spans several; batches smaller still. */
const PER_FILE = 5;
const api = useTestApp({
  catalogue: true,
  listen: true,
  build: { seo: { urlsPerSitemap: PER_FILE, batchRows: 2 } },
});
const { cat } = api;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const get = (path: string, headers: Record<string, string> = {}) =>
  httpBytes(`${api.base}${path}`, { headers });
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  return { ...res, text: res.bytes.toString('utf8') };
};
const db = () => api.app.database.db;

/** The examples as the database has them, in id order. */
async function examplesInDb() {
  const rows = await db()
    .selectFrom('examples')
    .select(['id', 'updated_at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.updated_at).toISOString() }));
}

/** The `<url>` entries of a urlset, its root checked. */
async function urlsOf(path: string) {
  const res = await text(path);
  expect(res.status, path).toBe(200);
  const doc = parseXml(res.text);
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(NS);
  return records(doc, 'url', ['loc', 'lastmod']);
}

async function index() {
  const res = await text('/sitemap.xml');
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  expect(doc.documentElement.localName).toBe('sitemapindex');
  expect(doc.documentElement.namespaceURI).toBe(NS);
  return records(doc, 'sitemap', ['loc', 'lastmod']);
}

beforeAll(async () => {
  // 13 examples in all, with an id missing in the middle and distinct times: three files (5, 5, 3).
  for (let n = 10; n < 18; n++) {
    await insertExample(db(), {
      categoryId: cat.circles,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: `Circle question ${n}`,
      n,
    });
  }
  await db().deleteFrom('examples').where('id', '=', cat.ex.circle).execute();
});

describe(`the sitemaps on ${engineUnderTest}`, () => {
  it('/sitemap.xml is a sitemap index of pages.xml and one examples file per 5 examples, each with its newest change', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');

    const rows = await examplesInDb();
    expect(rows).toHaveLength(13);
    const files = Math.ceil(rows.length / PER_FILE);
    const newest = (i: number) =>
      rows
        .slice(i * PER_FILE, (i + 1) * PER_FILE)
        .map((r) => r.lastmod)
        .sort()
        .at(-1);
    expect(await index()).toEqual([
      { loc: `${api.base}/sitemaps/pages.xml`, lastmod: undefined },
      ...Array.from({ length: files }, (_, i) => ({
        loc: `${api.base}/sitemaps/examples-${i + 1}.xml`,
        lastmod: expect.any(String),
      })),
    ]);
    const listed = (await index()).slice(1);
    for (const [i, entry] of listed.entries()) {
      expect(new Date(entry.lastmod!).toISOString(), entry.loc).toBe(newest(i));
    }
  });

  it('every example appears exactly once across the examples files, in id order, with its updated_at as lastmod', async () => {
    const rows = await examplesInDb();
    const files = (await index()).slice(1);
    const seen: { id: number; lastmod: string }[] = [];
    for (const file of files) {
      const urls = await urlsOf(new URL(file.loc!).pathname);
      expect(urls.length, file.loc).toBeLessThanOrEqual(PER_FILE);
      expect(urls.length, file.loc).toBeGreaterThan(0);
      for (const url of urls) {
        const match = /^(.*)\/examples\/(\d+)$/.exec(url.loc!);
        expect(match?.[1], url.loc).toBe(api.base);
        // W3C Datetime, as the protocol asks.
        expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
        seen.push({ id: Number(match![2]), lastmod: new Date(url.lastmod!).toISOString() });
      }
    }
    expect(seen.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    expect(new Set(seen.map((s) => s.id)).size).toBe(rows.length);
    expect(seen).toEqual(rows);
    expect(seen.map((s) => s.id)).not.toContain(cat.ex.circle);
    expect(files.map((f) => new URL(f.loc!).pathname)).toEqual([
      '/sitemaps/examples-1.xml',
      '/sitemaps/examples-2.xml',
      '/sitemaps/examples-3.xml',
    ]);
  });

  it('an edit moves the lastmod of the example and of its file; a new example gets listed at once', async () => {
    const admin = await api.as('admin');
    const edited = cat.ex.linear;
    const res = await api.request('PUT', `/examples/${edited}`, {
      as: admin,
      payload: exampleBody(cat, 'Solve $2x + 3 = 13$.', '$x = 5$'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updatedAt = res.body.data.example.updatedAt as string;

    const urls = await urlsOf('/sitemaps/examples-1.xml');
    expect(urls.find((u) => u.loc === `${api.base}/examples/${edited}`)?.lastmod).toBe(
      new Date(updatedAt).toISOString(),
    );
    expect((await index())[1]!.lastmod).toBe(new Date(updatedAt).toISOString());

    const added = await api.request('POST', '/examples', {
      as: admin,
      payload: exampleBody(cat, 'What is $2+2$?', '$4$'),
    });
    expect(added.status).toBe(201);
    const last = await urlsOf('/sitemaps/examples-3.xml');
    expect(last.at(-1)?.loc).toBe(`${api.base}/examples/${added.body.data.example.id}`);
    await api.request('DELETE', `/examples/${added.body.data.example.id}`, { as: admin });
  });

  it('an examples file past the last, or a name that is no file, is a 404 (not the app shell)', async () => {
    const count = (await examplesInDb()).length;
    const past = Math.ceil(count / PER_FILE) + 1;
    for (const path of [
      `/sitemaps/examples-${past}.xml`,
      '/sitemaps/examples-999999999.xml',
      '/sitemaps/examples-0.xml',
      '/sitemaps/examples-01.xml',
      '/sitemaps/examples--1.xml',
      '/sitemaps/examples-1.5.xml',
      '/sitemaps/examples-1',
      '/sitemaps/nothing.xml',
    ]) {
      const res = await text(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('pages.xml lists the public pages and each category as the web app links it', async () => {
    const urls = await urlsOf('/sitemaps/pages.xml');
    const categories = await db()
      .selectFrom('categories')
      .select(['id', 'subject_id'])
      .orderBy('id')
      .execute();
    const locs = urls.map((u) => u.loc!);
    expect(locs.slice(0, 4)).toEqual(
      ['/', '/about', '/latex', '/examples'].map((p) => api.base + p),
    );
    const categoryLocs = locs.slice(4);
    expect(categoryLocs).toHaveLength(categories.length);
    for (const c of categories) {
      // The examples screen reads ?subject= and ?category= (FILTER_PARAMS in the web app).
      const loc = `${api.base}/examples?subject=${c.subject_id}&category=${c.id}`;
      expect(categoryLocs, loc).toContain(loc);
    }
    // Written escaped: the raw XML holds &amp;, never a bare &.
    const raw = (await text('/sitemaps/pages.xml')).text;
    expect(raw).toContain(`?subject=${cat.algebra}&amp;category=${cat.quadratics}<`);
    expect(raw).not.toMatch(/&(?!amp;)/);
  });

  it('is compressed as the other answers are: brotli or gzip as asked, Vary: Accept-Encoding', async () => {
    // An examples file is written as a stream, compressed as it goes; pages.xml, the index and
    // robots.txt are written at once, compressed from COMPRESS_MIN_BYTES (these small ones are not).
    for (const path of [
      '/sitemaps/examples-1.xml',
      '/sitemaps/pages.xml',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const streamed = path.startsWith('/sitemaps/examples-');
      if (!streamed) expect(plain.bytes.length, path).toBeLessThan(COMPRESS_MIN_BYTES);
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await get(path, { 'accept-encoding': accept });
        expect(res.status).toBe(200);
        if (!streamed) {
          expect(res.headers['content-encoding'], path).toBeUndefined();
          expect(res.bytes.equals(plain.bytes), path).toBe(true);
          continue;
        }
        expect(res.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        const body =
          encoding === 'br' ? zlib.brotliDecompressSync(res.bytes) : zlib.gunzipSync(res.bytes);
        expect(body.equals(plain.bytes), path).toBe(true);
      }
    }
  });

  it('reads the rows in keyset batches of batchRows, never more than a file holds', async () => {
    const service = seoService(db(), { urlsPerSitemap: PER_FILE, batchRows: 2 });
    const sizes = async (n: number) => {
      const batches = await service.exampleBatches(n);
      const out: number[] = [];
      for await (const rows of batches!) out.push(rows.length);
      return out;
    };
    expect(await sizes(1)).toEqual([2, 2, 1]);
    expect(await sizes(3)).toEqual([2, 1]);
    expect(await service.exampleBatches(4)).toBeNull();
  });

  it('HEAD answers with the headers and no body', async () => {
    const res = await httpBytes(`${api.base}/sitemaps/examples-1.xml`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.bytes.length).toBe(0);
  });
});

describe('robots.txt', () => {
  it('allows the public pages, disallows the others of APP_ROUTES and /api/, and names the sitemap', async () => {
    const res = await text('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /worksheet',
        'Disallow: /login',
        'Disallow: /register',
        'Disallow: /confirm',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /profile',
        'Disallow: /dashboard',
        'Disallow: /review',
        'Disallow: /admin',
        '',
        `Sitemap: ${api.base}/sitemap.xml`,
        '',
      ].join('\n'),
    );

    // As a crawler reads it: a path is disallowed when it starts with a Disallow value.
    const disallowed = res.text
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    const sample = (route: string) => route.replace(/:\w+\??/g, '42');
    const publicRoutes: readonly string[] = PUBLIC_APP_ROUTES;
    for (const route of APP_ROUTES) {
      expect(blocked(sample(route)), route).toBe(!publicRoutes.includes(route));
    }
    expect(blocked('/api/examples')).toBe(true);
    expect(blocked('/sitemap.xml')).toBe(false);
    expect(blocked('/sitemaps/examples-1.xml')).toBe(false);
  });

  it('writes the address as the client reached it; X-Forwarded-* only count behind a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maths.example.org' };
    const res = await text('/robots.txt', forwarded);
    expect(res.text).toContain(`Sitemap: ${api.base}/sitemap.xml\n`);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  const proxied = useTestApp({ listen: true, env: { TRUST_PROXY: '127.0.0.1' } });
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maths.example.org' };

  it('writes the public address the proxy forwards', async () => {
    const robots = await httpBytes(`${proxied.base}/robots.txt`, { headers: forwarded });
    expect(robots.bytes.toString()).toContain('Sitemap: https://maths.example.org/sitemap.xml\n');
    const index = await httpBytes(`${proxied.base}/sitemap.xml`, { headers: forwarded });
    const entries = records(parseXml(index.bytes.toString()), 'sitemap', ['loc']);
    // No examples yet: only pages.xml.
    expect(entries).toEqual([{ loc: 'https://maths.example.org/sitemaps/pages.xml' }]);
    const empty = await httpBytes(`${proxied.base}/sitemaps/examples-1.xml`, {
      headers: forwarded,
    });
    expect(empty.status).toBe(404);
  });
});
