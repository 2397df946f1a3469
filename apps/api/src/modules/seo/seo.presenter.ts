/**
 * The sitemap protocol's XML (https://www.sitemaps.org/protocol.html) and robots.txt, written as
 * text. Every URL is absolute, under `origin` (scheme, host and port, no trailing slash).
 */

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element (the protocol asks for entity-escaped URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** W3C Datetime: YYYY-MM-DDThh:mm:ss(.s+)?TZD, the form the database gives (ISO 8601, UTC). */
const W3C_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/;

/** `<lastmod>` of a stored timestamp, or nothing for one that is not a date. */
function lastmod(at: string | null | undefined): string {
  if (!at) return '';
  if (W3C_DATETIME.test(at)) return `<lastmod>${at}</lastmod>`;
  const time = Date.parse(at);
  return Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
}

export interface SitemapEntry {
  /** Path from the root, e.g. `/sitemaps/examples-1.xml`; escaped here. */
  path: string;
  lastmod?: string | null;
}

/** A sitemap index (`/sitemap.xml`): one `<sitemap>` per child. */
export function sitemapIndex(origin: string, children: SitemapEntry[]): string {
  const base = escapeXml(origin);
  const entries = children.map(
    (c) => `<sitemap><loc>${base}${escapeXml(c.path)}</loc>${lastmod(c.lastmod)}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}

function urlEntries(base: string, entries: SitemapEntry[]): string {
  let out = '';
  for (const e of entries)
    out += `<url><loc>${base}${escapeXml(e.path)}</loc>${lastmod(e.lastmod)}</url>\n`;
  return out;
}

/** A `<urlset>` of a few entries written at once (the static pages and the categories). */
export function urlset(origin: string, entries: SitemapEntry[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NS}">\n${urlEntries(escapeXml(origin), entries)}</urlset>\n`;
}

/**
 * A `<urlset>` of example pages written as the batches arrive: the opening, then one piece of text
 * per batch of rows, then the closing. Only one batch's text is held at a time.
 */
export async function* exampleUrlset(
  origin: string,
  batches: AsyncIterable<{ id: number; updated_at: string }[]>,
): AsyncGenerator<string> {
  const base = escapeXml(origin);
  yield `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
  for await (const rows of batches) {
    let out = '';
    for (const row of rows) {
      out += `<url><loc>${base}/examples/${row.id}</loc>${lastmod(row.updated_at)}</url>\n`;
    }
    yield out;
  }
  yield '</urlset>\n';
}

/**
 * robots.txt: everything may be crawled but `disallow` (path prefixes), and where the sitemap is.
 * (`Allow: /` is the default; it is written out so the file reads as meant.)
 */
export function robotsTxt(origin: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
