// The server-rendered public pages' part of `npm run bench` (`--only pages`), on one engine's
// server: an example's page and the examples list (no filter, and one category), as a visitor's
// browser asks for them (apps/api/src/plugins/external/server-rendering.ts renders them with the
// web app's SSR bundle, apps/web/dist-server/entry-server.js, and keeps each 200 page per
// catalogue version, origin and URL).
//
// Cached: the same URL again and again. Every answer is a page-cache hit (`x-page-cache: hit`,
// checked on the answer the ceiling sends), measured against the same-bytes ceiling of that exact
// answer (body and headers), asked with no Accept-Encoding and with `accept-encoding: br` (the
// page's brotli form, made once on the first such request and kept).
// Cold: every request a page the server has not rendered before: an example id not asked before
// (the API answers it reads for that example are first asks too), or a list with filters not
// asked before. The server is warm: its modules are loaded and answers that every page shares
// (the category tree, difficulties, types) are cached, as on a live server.
import type { Catalogue, Engine, Row } from './types';
import { seededShuffle } from './generate';
import { measureRounds, runCold } from './load';
import { cpuMs, settle, stop } from './processes';
import { captureAnswer, startCeiling, type Captured } from './same-bytes';

const log = (...a: unknown[]) => console.error('[bench pages]', ...a);

/** Asked with no Accept-Encoding (the identity bytes) and as a browser asks (brotli). */
const ENCODINGS = [
  ['none', {}],
  ['br', { 'accept-encoding': 'br' }],
] as const;
type EncodingName = (typeof ENCODINGS)[number][0];

type PageKind = 'example' | 'list';

/** A cached page against its ceilings: an API row's measures (bytes: the body as sent, brotli bytes when encoding is br). */
export interface PageRow extends Omit<Row, 'endpoint'> {
  page: string;
  kind: PageKind;
  path: string;
  encoding: EncodingName;
}

/** Cold renders: every request a page never asked before. */
export interface PageColdRow {
  engine: string;
  page: string;
  encoding: EncodingName;
  /** Distinct pages asked (each one rendered). */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU (user + system, all threads) per render; undefined without /proc. */
  cpuMsPerRender: number | undefined;
  /** The ceiling req/s of a cached page of the same kind and encoding, measured in this run. */
  ceilingRps: number;
}

/** The cached pages: [name, kind, path]. */
export function benchPagePaths(
  catalogue: Pick<Catalogue, 'mainCategoryIds'>,
  middleId: number,
): [string, PageKind, string][] {
  return [
    ['/examples/{id} (middle example)', 'example', `/examples/${middleId}`],
    ['/examples (first page)', 'list', '/examples'],
    [
      '/examples?category= (category subtree)',
      'list',
      `/examples?category=${catalogue.mainCategoryIds[17]}`,
    ],
  ];
}

/**
 * The cold lists: every example's page but the cached one, and every list filtered by one
 * category with or without a difficulty and a type (1,000 × 5 × 5) but the cached one, each in a
 * seeded order. The list's URLs are written as the web app writes them (filtersToSearchParams).
 */
function coldPaths(catalogue: Catalogue, exampleIds: number[], cached: string[]) {
  const examples = exampleIds.map((id) => `/examples/${id}`);
  const lists: string[] = [];
  for (const category of catalogue.categoryIds)
    for (const difficulty of [undefined, ...catalogue.difficultyIds])
      for (const type of [undefined, ...catalogue.typeIds]) {
        const params = new URLSearchParams({ category: String(category) });
        if (difficulty !== undefined) params.set('difficulty', String(difficulty));
        if (type !== undefined) params.set('type', String(type));
        lists.push(`/examples?${params}`);
      }
  const fresh = (paths: string[]) => paths.filter((p) => !cached.includes(p));
  return {
    example: seededShuffle(fresh(examples), 2),
    list: seededShuffle(fresh(lists), 3),
  };
}

export async function benchPages(
  engine: Engine,
  {
    base,
    serverPid,
    dataDir,
    duration,
    catalogue,
    exampleIds,
    middleId,
  }: {
    base: string;
    serverPid: number | undefined;
    dataDir: string;
    duration: number;
    catalogue: Catalogue;
    exampleIds: number[];
    middleId: number;
  },
): Promise<{ rows: PageRow[]; cold: PageColdRow[] }> {
  const pages = benchPagePaths(catalogue, middleId);
  // Each page and encoding: the first ask renders the page (or makes its brotli form), the second
  // is what the measurement gets: a page-cache hit. The ceiling sends that second answer under
  // /<encoding><path>.
  const captured: (Captured & { page: string; kind: PageKind; encoding: EncodingName })[] = [];
  for (const [page, kind, p] of pages) {
    for (const [encoding, headers] of ENCODINGS) {
      await captureAnswer(`${base}${p}`, p, headers);
      const answer = await captureAnswer(`${base}${p}`, `/${encoding}${p}`, headers);
      if (answer.headers['x-page-cache'] !== 'hit')
        throw new Error(`${p} (${encoding}) was not a page-cache hit the second time`);
      if ((answer.headers['content-encoding'] ?? 'none') !== encoding)
        throw new Error(
          `${p} asked with ${encoding} came back ${answer.headers['content-encoding']}`,
        );
      if (!String(answer.headers['content-type']).startsWith('text/html'))
        throw new Error(`${p} is not an HTML page: is the web app built (npm run build)?`);
      captured.push({ ...answer, page, kind, encoding });
    }
  }
  const ceiling = await startCeiling(captured, dataDir);
  const rows: PageRow[] = [];
  try {
    for (const c of captured) {
      const p = c.path.slice(c.encoding.length + 1);
      const headers = ENCODINGS.find(([name]) => name === c.encoding)![1];
      log(`${engine}: GET ${p} (${c.encoding}), cached`);
      const {
        ceiling: ceil,
        app: r,
        bare,
      } = await measureRounds(
        `${ceiling.url}${c.path}`,
        `${base}${p}`,
        `${ceiling.url}/bare${c.path}`,
        duration,
        headers,
      );
      rows.push({
        engine,
        page: c.page,
        kind: c.kind,
        path: p,
        encoding: c.encoding,
        bytes: c.bytes,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        ceilingRps: ceil.rps,
        ceilingP99: ceil.p99,
        bareRps: bare.rps,
        errors: r.errors,
      });
    }
  } finally {
    await stop(ceiling.process);
  }

  // Cold, after every cached row (cold renders fill the page cache and may evict the cached pages).
  const paths = coldPaths(
    catalogue,
    exampleIds,
    pages.map(([, , p]) => p),
  );
  const cold: PageColdRow[] = [];
  for (const [page, kind] of [
    ['/examples/{id}, a different example each time', 'example'],
    ['/examples?category=&difficulty=&type=, different filters each time', 'list'],
  ] as const) {
    // One list per kind for both encodings: the br run renders none the identity run did.
    const queries = { list: paths[kind], next: 0 };
    for (const [encoding, headers] of ENCODINGS) {
      log(`${engine}: ${page} (${encoding}), cold`);
      await runCold(base, queries, 1, headers);
      // Renders still queued when a run ends are finished before the next run and inside this
      // run's CPU time (the server renders every request it received): CPU ÷ pages sent.
      await settle(serverPid);
      const before = cpuMs(serverPid);
      const r = await runCold(base, queries, duration, headers);
      await settle(serverPid);
      const after = cpuMs(serverPid);
      // Beside cold lists, the ceiling of the cached category list: a filtered list, like theirs.
      const ceilingRow = rows.find(
        (row) =>
          row.kind === kind &&
          row.encoding === encoding &&
          (kind === 'example' || row.path.includes('category=')),
      )!;
      cold.push({
        engine,
        page,
        encoding,
        ...r,
        cpuMsPerRender:
          before === undefined || after === undefined || !r.requests
            ? undefined
            : (after - before) / r.requests,
        ceilingRps: ceilingRow.ceilingRps,
      });
    }
  }
  return { rows, cold };
}
