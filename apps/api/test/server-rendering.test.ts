import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpBytes } from './helpers/http';
import { useTestApp, type TestApp } from './helpers/test-app';
import { engineUnderTest } from './helpers/test-db';

/**
 * The public pages rendered on the server (plugins/external/server-rendering.ts), over real HTTP:
 * the demo catalogue, the real web build (apps/web/dist and the server bundle in
 * apps/web/dist-server, as `npm ci` and scripts/web-build.mjs leave them), the app on this run's
 * engine (and Redis when REDIS_URL is given). What a crawler or a browser without JavaScript
 * reads: statuses, the content and maths in #root, the head's title, description, canonical URL,
 * Open Graph and Twitter tags, the JSON-LD, the state the browser hydrates from, and the caching.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST_DIR = path.join(repoRoot, 'apps/web/dist');
const SERVER_BUNDLE = path.join(repoRoot, 'apps/web/dist-server/entry-server.js');
if (!fs.existsSync(SERVER_BUNDLE) || !fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
  // Without the build every public page is the app shell: fail here, saying why.
  throw new Error(`${SERVER_BUNDLE} is missing: run node scripts/web-build.mjs first.`);
}
const redisUrl = process.env.REDIS_URL;
const ENV = { WEB_DIST_DIR, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };

/** Demo examples, found by their question (their ids are the seed's order). */
const FRACTION_QUESTION = 'Solve $\\frac{x}{3} + 4 = 10$ for $x$.';
const QUADRATIC_QUESTION = 'Solve $2x^2 - 4x - 3 = 0$, giving exact answers.';
const SYSTEM_QUESTION = 'Solve the system $$\\begin{cases}';

interface Page {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (maybe compressed). */
  bytes: Buffer;
  html: string;
  doc: Document;
}

const decode = (encoding: unknown, bytes: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(bytes)
    : encoding === 'gzip'
      ? zlib.gunzipSync(bytes)
      : bytes;

/**
 * Documents parsed so far, by their HTML: parsing the examples list (about 750 KB of typeset maths)
 * takes jsdom a second, and a kept page comes back byte for byte. No test changes a document.
 */
const parsed = new Map<string, Document>();

/** GET of `url` on `api`'s server over HTTP, decoded, its document parsed when first read. */
async function fetchPage(
  api: TestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<Page> {
  const res = await httpBytes(`${api.base}${url}`, { headers });
  const html = decode(res.headers['content-encoding'], res.bytes).toString('utf8');
  return {
    ...res,
    html,
    get doc() {
      let doc = parsed.get(html);
      if (!doc) parsed.set(html, (doc = new JSDOM(html).window.document));
      return doc;
    },
  };
}

const all = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)];
const metaContent = (doc: Document, attribute: 'name' | 'property', key: string) =>
  all(doc, `meta[${attribute}="${key}"]`).map((el) => el.getAttribute('content'));
const rootOf = (doc: Document) => doc.getElementById('root')!;
/** The page's text as a reader sees it: the markup's text, MathML's copy of the maths left out. */
const texts = new WeakMap<Document, string>();
const readable = (doc: Document) => {
  let text = texts.get(doc);
  if (text === undefined) {
    const root = rootOf(doc).cloneNode(true) as HTMLElement;
    root.querySelectorAll('.katex-mathml, script, style').forEach((el) => el.remove());
    texts.set(doc, (text = (root.textContent ?? '').replace(/\s+/g, ' ')));
  }
  return text;
};
const jsonLd = (doc: Document) =>
  all(doc, 'script[type="application/ld+json"]').map(
    (el) => JSON.parse(el.textContent ?? '') as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  );
interface ServerState {
  origin: string;
  queries: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
}
const stateOf = (doc: Document): ServerState =>
  JSON.parse(doc.getElementById('exemplar-state')?.textContent ?? 'null');
/** The TeX source of each formula KaTeX typeset inside `el` (its MathML annotation). */
const texIn = (el: Element) =>
  [...el.querySelectorAll('.katex annotation[encoding="application/x-tex"]')].map((a) =>
    (a.textContent ?? '').trim(),
  );

/** The head every public page declares: one title, one description, canonical and social tags. */
function expectHead(doc: Document, expected: { title: string; url: string; type: string }) {
  expect(all(doc, 'title').map((t) => t.textContent)).toEqual([expected.title]);
  expect(doc.title).toBe(expected.title);
  const descriptions = metaContent(doc, 'name', 'description');
  expect(descriptions).toHaveLength(1);
  const description = descriptions[0]!;
  expect(description.length).toBeGreaterThan(20);
  expect(all(doc, 'link[rel="canonical"]').map((l) => l.getAttribute('href'))).toEqual([
    expected.url,
  ]);
  expect(metaContent(doc, 'property', 'og:title')).toEqual([expected.title]);
  expect(metaContent(doc, 'property', 'og:description')).toEqual([description]);
  expect(metaContent(doc, 'property', 'og:url')).toEqual([expected.url]);
  expect(metaContent(doc, 'property', 'og:type')).toEqual([expected.type]);
  expect(metaContent(doc, 'name', 'twitter:card')).toEqual(['summary']);
  // All of it in the head, where crawlers and link previews read it.
  for (const el of all(
    doc,
    'title, meta[name="description"], link[rel="canonical"], meta[property^="og:"]',
  ))
    expect(el.parentElement?.localName, el.outerHTML).toBe('head');
  return description;
}

/** The app's catalogue as the database holds it, for what the pages should show. */
function catalogueOf(api: TestApp) {
  const db = () => api.app.database.db;
  return {
    async exampleByQuestion(start: string) {
      // Compared here: LIKE reads a backslash as an escape on PostgreSQL and not on SQLite.
      const rows = await db()
        .selectFrom('examples')
        .select(['id', 'question', 'answer', 'category_id'])
        .orderBy('id')
        .execute();
      const row = rows.find((r) => r.question.startsWith(start));
      if (!row) throw new Error(`The demo catalogue has no example starting ${start}`);
      return row;
    },
    async categories() {
      return db()
        .selectFrom('categories')
        .select(['id', 'parent_id', 'subject_id', 'name'])
        .execute();
    },
    /** Subject, then each category from the top down to `categoryId`. */
    async trail(categoryId: number) {
      const categories = await this.categories();
      const byId = new Map(categories.map((c) => [c.id, c]));
      const path: { id: number; name: string; subjectId: number }[] = [];
      for (
        let c = byId.get(categoryId);
        c;
        c = c.parent_id === null ? undefined : byId.get(c.parent_id)
      )
        path.unshift({ id: c.id, name: c.name, subjectId: c.subject_id });
      const subject = await db()
        .selectFrom('subjects')
        .select(['id', 'name'])
        .where('id', '=', path[0]!.subjectId)
        .executeTakeFirstOrThrow();
      return { subject, path };
    },
  };
}

describe(`server-rendered public pages on ${engineUnderTest}`, () => {
  const api = useTestApp({ seed: 'demo', listen: true, users: ['admin'], env: ENV });
  const catalogue = catalogueOf(api);
  let fraction: Awaited<ReturnType<typeof catalogue.exampleByQuestion>>;

  beforeAll(async () => {
    fraction = await catalogue.exampleByQuestion(FRACTION_QUESTION);
  });

  it.each([
    ['/', 200, 'Exemplar — worked maths examples', 'Master maths one worked example at a time'],
    ['/about', 200, 'About — Exemplar', 'About Exemplar'],
    ['/latex', 200, 'LaTeX demo — Exemplar', 'See your maths rendered'],
    ['/examples', 200, 'Browse Examples — Exemplar', 'Browse Examples'],
    ['/examples/999999', 404, 'Example not found — Exemplar', 'There is no example with ID 999999'],
    ['/examples/abc', 404, 'Example not found — Exemplar', 'This is not a valid example address'],
    ['/no-such-page', 404, 'Page not found — Exemplar', "This page doesn't exist"],
  ])(
    'GET %s answers %i with the page rendered in #root, titled %j',
    async (url, status, title, text) => {
      const page = await fetchPage(api, url);
      expect(page.status).toBe(status);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(readable(page.doc)).toContain(text);
      expect(all(page.doc, 'title').map((t) => t.textContent)).toEqual([title]);
      expect(metaContent(page.doc, 'name', 'description')).toHaveLength(1);
      // The data it was rendered from, for the browser to hydrate with.
      expect(stateOf(page.doc).origin).toBe(api.base);
      // Readable without scripts: not the shell's "needs JavaScript" notice.
      expect(page.doc.querySelector('noscript')).toBeNull();
      if (status === 200) {
        expectHead(page.doc, { title, url: `${api.base}${url}`, type: 'website' });
      } else {
        // A page that does not exist names no canonical URL of its own.
        expect(all(page.doc, 'link[rel="canonical"]')).toEqual([]);
      }
    },
  );

  it('GET /examples/{id} of a draft answers 404 with the not-found page, and 200 once it is published', async () => {
    const { body } = await api.request('GET', `/examples/${fraction.id}`);
    const { id: _id, subjectId: _s, createdAt: _c, updatedAt: _u, ...fields } = body.data.example;
    const created = await api.request('POST', '/examples', {
      as: 'admin',
      payload: {
        ...fields,
        question: 'A draft about the kākāpō: what is $3 \\times 4$?',
        status: 'draft',
      },
    });
    expect(created.status).toBe(201);
    const url = `/examples/${created.body.data.example.id}`;
    const hidden = await fetchPage(api, url);
    expect(hidden.status).toBe(404);
    expect(all(hidden.doc, 'title').map((t) => t.textContent)).toEqual([
      'Example not found — Exemplar',
    ]);
    expect(hidden.html).not.toContain('kākāpō');

    await api.request('PUT', `/examples/${created.body.data.example.id}`, {
      as: 'admin',
      payload: {
        ...fields,
        question: 'A draft about the kākāpō: what is $3 \\times 4$?',
        status: 'published',
      },
    });
    const shown = await fetchPage(api, url);
    expect(shown.status).toBe(200);
    expect(readable(shown.doc)).toContain('kākāpō');
  });

  it('GET /examples/{id}: the question and answer typeset by KaTeX (with MathML) in #root', async () => {
    const page = await fetchPage(api, `/examples/${fraction.id}`);
    expect(page.status).toBe(200);
    const root = rootOf(page.doc);
    expect(root.querySelector('h1')?.textContent).toBe(`Example ${fraction.id}`);
    // The example itself: "More like this" below it shows other examples' questions, whose
    // dollars may be prices in prose.
    root.querySelector('[data-testid="related"]')?.remove();
    const text = readable(page.doc);
    expect(text).toContain('Question');
    expect(text).toMatch(/Solve .* for .*\./);
    expect(text).toContain('Answer');
    // Every formula typeset: KaTeX's HTML and its MathML, the TeX kept as the annotation.
    const formulas = [...root.querySelectorAll('.katex')];
    expect(formulas.length).toBeGreaterThanOrEqual(3);
    for (const formula of formulas) {
      expect(formula.querySelector('math')?.namespaceURI).toBe(
        'http://www.w3.org/1998/Math/MathML',
      );
      expect(formula.querySelector('.katex-html')).not.toBeNull();
    }
    expect(page.html).toContain('class="katex"');
    const tex = texIn(root);
    expect(tex).toContain('\\frac{x}{3} + 4 = 10');
    expect(tex).toContain('x = 18');
    // No LaTeX source left as text for a reader.
    expect(text).not.toContain('$');
    expect(text).not.toContain('\\frac');
  });

  it('GET /examples/{id}: the head names it by its question as plain text, with canonical and social tags', async () => {
    const page = await fetchPage(api, `/examples/${fraction.id}`);
    const url = `${api.base}/examples/${fraction.id}`;
    const description = expectHead(page.doc, {
      title: 'Solve x/3 + 4 = 10 for x. — Exemplar',
      url,
      type: 'article',
    });
    const { path: categories } = await catalogue.trail(fraction.category_id);
    expect(description).toBe(
      `${categories.at(-1)!.name}: Solve x/3 + 4 = 10 for x. Worked example with answer and step-by-step procedure.`,
    );
    expect(metaContent(page.doc, 'name', 'twitter:title')).toEqual([page.doc.title]);
    expect(metaContent(page.doc, 'name', 'twitter:description')).toEqual([description]);
  });

  it('GET /examples/{id}: JSON-LD Quiz whose question has the answer as plain text', async () => {
    const example = await catalogue.exampleByQuestion(QUADRATIC_QUESTION);
    const page = await fetchPage(api, `/examples/${example.id}`);
    const quizzes = jsonLd(page.doc).filter((item) => item['@type'] === 'Quiz');
    expect(quizzes).toHaveLength(1);
    const quiz = quizzes[0]!;
    expect(quiz['@context']).toBe('https://schema.org');
    expect(quiz.url).toBe(`${api.base}/examples/${example.id}`);
    expect(quiz.hasPart).toHaveLength(1);
    expect(quiz.hasPart[0]).toMatchObject({
      '@type': 'Question',
      text: 'Solve 2x^2 - 4x - 3 = 0, giving exact answers.',
      acceptedAnswer: {
        '@type': 'Answer',
        // $x = \dfrac{2 \pm \sqrt{10}}{2}$, that is, $x \approx 2.581$ or $x \approx -0.581$
        text: 'x = (2 ± √10)/2, that is, x ≈ 2.581 or x ≈ -0.581',
      },
    });
    expect(example.answer).toContain('\\dfrac{2 \\pm \\sqrt{10}}{2}');
  });

  it('GET /examples/{id}: JSON-LD BreadcrumbList following the subject and category path in the database', async () => {
    const example = await catalogue.exampleByQuestion(SYSTEM_QUESTION);
    const { subject, path: categories } = await catalogue.trail(example.category_id);
    expect(categories.length).toBeGreaterThanOrEqual(3); // a subcategory of a subcategory
    const page = await fetchPage(api, `/examples/${example.id}`);
    const lists = jsonLd(page.doc).filter((item) => item['@type'] === 'BreadcrumbList');
    expect(lists).toHaveLength(1);
    const base = api.base;
    expect(lists[0]!.itemListElement).toEqual(
      [
        { name: 'Examples', item: `${base}/examples` },
        { name: subject.name, item: `${base}/examples?subject=${subject.id}` },
        ...categories.map((c) => ({
          name: c.name,
          item: `${base}/examples?subject=${subject.id}&category=${c.id}`,
        })),
        { name: `Example ${example.id}`, item: `${base}/examples/${example.id}` },
      ].map((entry, i) => ({ '@type': 'ListItem', position: i + 1, ...entry })),
    );
    // The same trail on the page, as links.
    const crumbs = page.doc.querySelector('nav[aria-label="Category path"]');
    expect([...crumbs!.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      subject.name,
      ...categories.map((c) => c.name),
    ]);
  });

  it('GET /examples/{id}: the state for hydration holds the example as the API answers it', async () => {
    const page = await fetchPage(api, `/examples/${fraction.id}`);
    const state = stateOf(page.doc);
    expect(state.origin).toBe(api.base);
    const { body } = await api.request('GET', `/examples/${fraction.id}`);
    const example = body.data.example;
    expect(example.question).toBe(FRACTION_QUESTION);
    const holding = state.queries.queries.filter(
      (q) => JSON.stringify(q.state.data) === JSON.stringify(example),
    );
    expect(holding).toHaveLength(1);
    expect(holding[0]!.state.status).toBe('success');
    expect(holding[0]!.queryKey).toContain(fraction.id);
    // And the catalogue the page names its category from.
    const { subjects } = (await api.request('GET', '/subjects')).body.data;
    expect(subjects.length).toBeGreaterThan(1);
    expect(state.queries.queries.map((q) => q.state.data)).toContainEqual(subjects);
  });

  it('renders each public page once: its data is fetched before the render, which asks for nothing more', async () => {
    // The server bundle as the server calls it, reading this app's API over HTTP.
    const bundle = (await import(pathToFileURL(SERVER_BUNDLE).href)) as {
      render(
        url: string,
        transport: typeof fetch,
        origin: string,
      ): Promise<{ body: string; state: ServerState; passes: number }>;
    };
    const transport: typeof fetch = (input, init) =>
      fetch(new URL(input instanceof Request ? input.url : String(input), api.base), init);
    const category = (await catalogue.categories()).find((c) => c.id === fraction.category_id)!;
    const filters = `?subject=${category.subject_id}&category=${category.id}&difficulty=easy`;
    const pages: [string, string][] = [
      ['/', 'Master maths one worked example at a time'],
      ['/examples', 'Examples Available'],
      [`/examples${filters}`, 'Available'],
      [`/examples?page=2`, 'Examples Available'],
      [`/examples/${fraction.id}`, 'Solve'],
      [`/examples/${fraction.id}${filters}`, 'Solve'],
      ['/examples/999999', 'There is no example with ID 999999'],
    ];
    for (const [url, text] of pages) {
      const rendered = await bundle.render(url, transport, api.base);
      expect({ url, passes: rendered.passes }).toEqual({ url, passes: 1 });
      const shown = rendered.body.replace(/<[^>]*>/g, '');
      expect(shown.includes(text), `${url} shows ${text}`).toBe(true);
    }
    // The example page's state holds the example and its place in the list, fetched beforehand.
    const { state } = await bundle.render(
      `/examples/${fraction.id}${filters}`,
      transport,
      api.base,
    );
    const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.filter((k) => k.includes('position'))).toHaveLength(1);
    expect(state.queries.queries.every((q) => q.state.status === 'success')).toBe(true);
  });

  it('GET /examples: subjects, categories and the first examples of the list, as the API pages it', async () => {
    const page = await fetchPage(api, '/examples');
    const text = readable(page.doc);
    // The list's first page: EXAMPLES_PAGE_SIZE (20) examples, as the API lists them.
    const { body } = await api.request('GET', '/examples?limit=20');
    const { examples, total } = body.data as { examples: { id: number }[]; total: number };
    expect(total).toBeGreaterThan(20);
    expect(text).toContain(`${total} Examples Available`);
    const subjects = await api.app.database.db.selectFrom('subjects').select('name').execute();
    const topCategories = (await catalogue.categories()).filter((c) => c.parent_id === null);
    expect(subjects.length).toBeGreaterThan(1);
    for (const { name } of [...subjects, ...topCategories]) expect(text).toContain(name);
    const cards = all(page.doc, '#root [data-testid="example-card"]');
    expect(cards.length).toBe(examples.length);
    const links = all(page.doc, '#root a[aria-label^="Open example ID"]');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      examples.map((e) => `/examples/${e.id}`),
    );
    // Each card's maths typeset.
    expect(texIn(cards[0]!)).toContain('\\frac{x}{3} + 4 = 10');
  });

  it('GET /examples: the first three cards with all of KaTeX, the rest with their formulas as MathML only', async () => {
    const page = await fetchPage(api, '/examples');
    const cards = all(page.doc, '#root [data-testid="example-card"]');
    expect(cards.length).toBe(20);
    cards.forEach((card, i) => {
      const formulas = all(card, '.katex').length;
      expect(formulas, `card ${i + 1}`).toBeGreaterThan(0);
      // Every formula keeps its MathML, what screen readers and readers without script get.
      expect(all(card, '.katex math').length, `card ${i + 1}`).toBe(formulas);
      if (i < 3) {
        expect(all(card, '.katex > .katex-html').length, `card ${i + 1}`).toBe(formulas);
        expect(all(card, '[data-mathml-only]'), `card ${i + 1}`).toEqual([]);
      } else {
        expect(all(card, '.katex-html, .katex-mathml'), `card ${i + 1}`).toEqual([]);
        expect(all(card, '.katex > math').length, `card ${i + 1}`).toBe(formulas);
        expect(all(card, '.math-text:not([data-mathml-only])'), `card ${i + 1}`).toEqual([]);
      }
    });
  });

  it('GET /examples?subject=…&category=…: only the examples of that category and its subcategories', async () => {
    const categories = await catalogue.categories();
    const rows = await api.app.database.db
      .selectFrom('examples')
      .select(['id', 'category_id'])
      .orderBy('id')
      .execute();
    const below = (id: number): number[] => [
      id,
      ...categories.filter((c) => c.parent_id === id).flatMap((c) => below(c.id)),
    ];
    const inCategory = (id: number) => {
      const ids = new Set(below(id));
      return rows.filter((r) => ids.has(r.category_id)).map((r) => r.id);
    };
    // A top category with subcategories and a handful of examples (one page of the list).
    const chosen = categories.find(
      (c) =>
        c.parent_id === null &&
        categories.some((child) => child.parent_id === c.id) &&
        inCategory(c.id).length >= 3 &&
        inCategory(c.id).length <= 20,
    );
    expect(chosen).toBeDefined();
    const expected = inCategory(chosen!.id);
    const query = `?subject=${chosen!.subject_id}&category=${chosen!.id}`;

    const page = await fetchPage(api, `/examples${query}`);
    expect(page.status).toBe(200);
    const links = all(page.doc, '#root a[aria-label^="Open example ID"]');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      expected.map((id) => `/examples/${id}${query}`),
    );
    expect(all(page.doc, '#root [data-testid="example-card"]')).toHaveLength(expected.length);
    expect(readable(page.doc)).toContain(`${expected.length} Examples Available`);
    expectHead(page.doc, {
      title: `${chosen!.name} — Browse Examples — Exemplar`,
      url: `${api.base}/examples${query}`,
      type: 'website',
    });
  });

  it('writes its absolute URLs on the Host the request names (no PUBLIC_URL), and keeps pages per origin', async () => {
    const url = `/examples/${fraction.id}`;
    const other = await fetchPage(api, url, { host: 'maths.example.org:8080' });
    const origin = 'http://maths.example.org:8080';
    expect(other.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}${url}`,
    );
    expect(metaContent(other.doc, 'property', 'og:url')).toEqual([`${origin}${url}`]);
    expect(jsonLd(other.doc).find((i) => i['@type'] === 'Quiz')!.url).toBe(`${origin}${url}`);
    expect(stateOf(other.doc).origin).toBe(origin);
    // The page kept for that origin is not the one sent on this one.
    const own = await fetchPage(api, url);
    expect(own.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${api.base}${url}`,
    );
    expect(own.html).not.toContain('maths.example.org');
  });

  it('keeps a rendered page: a second GET is a cache hit, the same bytes and validators', async () => {
    const url = '/about';
    const first = await fetchPage(api, url);
    const second = await fetchPage(api, url);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['last-modified']).toBe(first.headers['last-modified']);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(String(first.headers['last-modified']))).not.toBeNaN();
  });

  it('keeps an example page drawn for the try-first cookie apart from the open one, each answering Vary: Cookie; other pages ignore the cookie', async () => {
    const example = await catalogue.exampleByQuestion(QUADRATIC_QUESTION);
    const url = `/examples/${example.id}?variant=check`;
    const cookie = { cookie: 'theme=dark; exemplar-try-first=1' };
    const vary = (page: Page) =>
      String(page.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/);
    await fetchPage(api, url);
    const open = await fetchPage(api, url);
    expect(open.headers['x-page-cache']).toBe('hit');
    expect(vary(open)).toContain('cookie');
    // The open page is kept, but not sent for the cookie: that variant is rendered on its own.
    const folded = await fetchPage(api, url, cookie);
    expect(folded.status).toBe(200);
    expect(folded.headers['x-page-cache']).toBeUndefined();
    expect(vary(folded)).toContain('cookie');
    expect((await fetchPage(api, url, cookie)).headers['x-page-cache']).toBe('hit');
    expect(readable(folded.doc)).toContain('Question');

    await fetchPage(api, '/about?variant=check');
    const about = await fetchPage(api, '/about?variant=check', cookie);
    expect(about.headers['x-page-cache']).toBe('hit');
    expect(vary(about)).not.toContain('cookie');
  });

  it('answers a conditional GET with 304 on If-None-Match (its ETag) and on If-Modified-Since', async () => {
    const url = `/examples/${fraction.id}`;
    const page = await fetchPage(api, url);
    const etag = String(page.headers.etag);
    const lastModified = String(page.headers['last-modified']);

    const byTag = await httpBytes(`${api.base}${url}`, { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await httpBytes(`${api.base}${url}`, {
      headers: { 'if-modified-since': lastModified },
    });
    expect(byDate.status).toBe(304);
    expect(byDate.bytes.length).toBe(0);

    // Validators of something else: the page itself.
    const otherTag = await httpBytes(`${api.base}${url}`, {
      headers: { 'if-none-match': '"not-this-page"', 'if-modified-since': lastModified },
    });
    expect(otherTag.status).toBe(200);
    expect(otherTag.bytes.equals(page.bytes)).toBe(true);
    const earlier = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
    const older = await httpBytes(`${api.base}${url}`, {
      headers: { 'if-modified-since': earlier },
    });
    expect(older.status).toBe(200);
    expect(older.bytes.equals(page.bytes)).toBe(true);
  });

  it('sends the page brotli-compressed to a client that accepts it (and gzip), decoding to the same page', async () => {
    const url = `/examples/${fraction.id}`;
    const plain = await fetchPage(api, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const res = await httpBytes(`${api.base}${url}`, {
        headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.bytes.length).toBeLessThan(plain.bytes.length / 3);
      expect(decode(encoding, res.bytes).equals(plain.bytes)).toBe(true);
    }
  });

  it('HEAD gives the headers of the page and no body', async () => {
    const url = `/examples/${fraction.id}`;
    const page = await fetchPage(api, url);
    const head = await httpBytes(`${api.base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers.etag).toBe(page.headers.etag);
    expect(head.headers['content-length']).toBe(String(page.bytes.length));
    const missing = await httpBytes(`${api.base}/examples/999999`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(missing.bytes.length).toBe(0);
  });

  it('does not keep a 404 page: no validators, no cache hit, and 404 again even to If-None-Match: *', async () => {
    for (const url of ['/examples/999999', '/no-such-page']) {
      for (let i = 0; i < 2; i++) {
        const page = await fetchPage(api, url);
        expect(page.status, url).toBe(404);
        expect(page.headers.etag).toBeUndefined();
        expect(page.headers['last-modified']).toBeUndefined();
        expect(page.headers['x-page-cache']).toBeUndefined();
      }
      const conditional = await httpBytes(`${api.base}${url}`, {
        headers: { 'if-none-match': '*' },
      });
      expect(conditional.status).toBe(404);
      expect(conditional.bytes.length).toBeGreaterThan(0);
    }
  });

  it('a page that is not public (/login) still gets the app shell: 200, an empty #root, no state', async () => {
    const page = await fetchPage(api, '/login');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(rootOf(page.doc).innerHTML).toBe('');
    expect(page.doc.getElementById('exemplar-state')).toBeNull();
    expect(page.doc.querySelector('noscript')?.textContent).toMatch(/needs JavaScript/);
    expect(all(page.doc, 'link[rel="canonical"]')).toEqual([]);
    expect(page.html).toBe(fs.readFileSync(path.join(WEB_DIST_DIR, 'index.html'), 'utf8'));
  });

  it('after a catalogue write through the admin API, the page is rendered again with the new text and ETag', async () => {
    const example = await catalogue.exampleByQuestion('A gym charges');
    const url = `/examples/${example.id}`;
    await fetchPage(api, url);
    const before = await fetchPage(api, url);
    expect(before.headers['x-page-cache']).toBe('hit');
    const about = await fetchPage(api, '/about');
    expect(about.headers['x-page-cache']).toBe('hit');
    const scripts = all(before.doc, 'script').length;

    const { body } = await api.request('GET', url);
    const current = body.data.example;
    // New text with maths, and what would end a <script> element if written into one as it is.
    const question =
      'A rope of $\\sqrt{2}$ metres is cut in half: how long is each piece? </script><script>x</script>';
    const edited = await api.request('PUT', url, {
      as: 'admin',
      payload: {
        question,
        answer: current.answer,
        procedure: current.procedure,
        difficultyId: current.difficultyId,
        typeId: current.typeId,
        categoryId: current.categoryId,
      },
    });
    expect(edited.status).toBe(200);

    const after = await fetchPage(api, url);
    expect(after.status).toBe(200);
    expect(after.headers['x-page-cache']).toBeUndefined();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(readable(after.doc)).toContain('A rope of');
    expect(readable(after.doc)).not.toContain('A gym charges');
    expect(texIn(rootOf(after.doc))).toContain('\\sqrt{2}');
    expect(after.doc.title).toBe(
      // Cut at a word boundary within 60 characters.
      'A rope of √2 metres is cut in half: how long is each… — Exemplar',
    );
    // The text stays text: in the state and the JSON-LD, no element is ended or added.
    expect(all(after.doc, 'script')).toHaveLength(scripts);
    expect(JSON.stringify(stateOf(after.doc))).toContain(JSON.stringify(question));
    // The old validators no longer match.
    const revalidated = await httpBytes(`${api.base}${url}`, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.status).toBe(200);
    // Every kept page belonged to the old catalogue version.
    expect((await fetchPage(api, '/about')).headers['x-page-cache']).toBeUndefined();
    expect((await fetchPage(api, url)).headers['x-page-cache']).toBe('hit');
  });

  it("a draft's creation and edits change no public validator; an edit or a publication changes those of the pages that show it", async () => {
    const system = await catalogue.exampleByQuestion(SYSTEM_QUESTION);
    const other = await catalogue.exampleByQuestion(QUADRATIC_QUESTION);
    // Server-rendered pages, the visitors' cached API answers, and the sitemaps (no validators:
    // their bytes are compared).
    const urls = [
      '/',
      '/about',
      '/examples',
      `/examples/${system.id}`,
      `/examples/${other.id}`,
      '/api/examples',
      `/api/examples/${system.id}`,
      '/api/subjects',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/examples-1.xml',
    ];
    const look = async () => {
      const seen = new Map<string, { etag: unknown; lastModified: unknown; bytes: Buffer }>();
      for (const url of urls) {
        const res = await httpBytes(`${api.base}${url}`);
        expect(res.status, url).toBe(200);
        seen.set(url, {
          etag: res.headers.etag,
          lastModified: res.headers['last-modified'],
          bytes: res.bytes,
        });
      }
      return seen;
    };
    const before = await look();
    for (const url of urls.filter((u) => !u.includes('sitemap'))) {
      expect(before.get(url)!.etag, url).toMatch(/^"[\w-]+"$/);
    }

    const { body } = await api.request('GET', `/examples/${system.id}`);
    const { id: _id, subjectId: _s, createdAt: _c, updatedAt: _u, ...fields } = body.data.example;
    const draft = { ...fields, question: 'A draft on the takahē: what is $6 \\times 7$?' };
    const created = await api.request('POST', '/examples', {
      as: 'admin',
      payload: { ...draft, status: 'draft' },
    });
    expect(created.status).toBe(201);
    const draftUrl = `/examples/${created.body.data.example.id}`;
    const edited = await api.request('PUT', draftUrl, {
      as: 'admin',
      payload: { ...draft, answer: '$42$', status: 'draft' },
    });
    expect(edited.status).toBe(200);

    // Every page and answer is made again (the catalogue version moved) to the same bytes: the same
    // validators, and a conditional GET with either one still gets 304.
    const afterDraft = await look();
    for (const url of urls) {
      expect(afterDraft.get(url), url).toEqual(before.get(url));
      if (url.includes('sitemap')) continue;
      const { etag, lastModified } = before.get(url)!;
      const conditions: Record<string, string>[] = [
        { 'if-none-match': String(etag) },
        { 'if-modified-since': String(lastModified) },
      ];
      for (const headers of conditions) {
        expect((await httpBytes(`${api.base}${url}`, { headers })).status, url).toBe(304);
      }
    }

    // An edit of a published example changes its page, and no other example's.
    const renamed = await api.request('PUT', `/examples/${system.id}`, {
      as: 'admin',
      payload: { ...fields, question: `${fields.question} (edited)` },
    });
    expect(renamed.status).toBe(200);
    const afterEdit = await look();
    expect(afterEdit.get(`/examples/${system.id}`)!.etag).not.toBe(
      before.get(`/examples/${system.id}`)!.etag,
    );
    expect(afterEdit.get(`/api/examples/${system.id}`)!.etag).not.toBe(
      before.get(`/api/examples/${system.id}`)!.etag,
    );
    expect(afterEdit.get(`/examples/${other.id}`)).toEqual(before.get(`/examples/${other.id}`));
    expect(afterEdit.get('/about')).toEqual(before.get('/about'));

    // Publishing the draft changes the list and the sitemap that name it.
    const published = await api.request('PUT', draftUrl, {
      as: 'admin',
      payload: { ...draft, answer: '$42$', status: 'published' },
    });
    expect(published.status).toBe(200);
    const afterPublish = await look();
    for (const url of ['/examples', '/api/examples']) {
      expect(afterPublish.get(url)!.etag, url).not.toBe(afterEdit.get(url)!.etag);
    }
    expect(afterPublish.get('/sitemaps/examples-1.xml')!.bytes.toString()).toContain(draftUrl);
    expect(afterDraft.get('/sitemaps/examples-1.xml')!.bytes.toString()).not.toContain(draftUrl);
    expect(afterPublish.get('/about')).toEqual(before.get('/about'));
  });
});

describe(`server-rendered pages with PUBLIC_URL on ${engineUnderTest}`, () => {
  const PUBLIC_URL = 'https://exemplar.example';
  // The small catalogue (Algebra › Equations › Quadratics…): quicker to make than the demo's.
  const api = useTestApp({ catalogue: true, listen: true, env: { ...ENV, PUBLIC_URL } });

  it('writes every absolute URL under PUBLIC_URL, whatever Host the request names', async () => {
    const url = `/examples/${api.cat.ex.quadEasy}`;
    const page = await fetchPage(api, url, { host: 'elsewhere.example:8080' });
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}${url}`,
    );
    expect(metaContent(page.doc, 'property', 'og:url')).toEqual([`${PUBLIC_URL}${url}`]);
    const urls = jsonLd(page.doc).flatMap((item) =>
      item['@type'] === 'Quiz'
        ? [item.url]
        : item.itemListElement.map((entry: { item: string }) => entry.item),
    );
    expect(urls).toHaveLength(6); // the quiz; Examples, Algebra, Equations, Quadratics, the example
    for (const u of urls) expect(u.startsWith(`${PUBLIC_URL}/`), u).toBe(true);
    expect(stateOf(page.doc).origin).toBe(PUBLIC_URL);
    expect(page.html).not.toContain('elsewhere.example');
    expect(page.html).not.toContain(api.base);

    const home = await fetchPage(api, '/');
    expect(home.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/`,
    );
  });
});
