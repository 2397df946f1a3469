/**
 * Server rendering of the public pages (docs/decisions/030-server-rendered-public-pages.md). Built
 * by Vite as an SSR bundle (apps/web/dist-server/entry-server.js) and loaded by the API, which
 * calls `render` for a visitor's GET of one of PUBLIC_APP_ROUTES (packages/shared/src/app-routes.ts)
 * or of no page (the not-found page).
 *
 * The screens read their data with TanStack Query hooks, which never fetch on the server. So the
 * data the page reads is fetched first (through `transport`, the API in the same process), with
 * the screens' own query options (app/page-data.ts), and the page is rendered once
 * (docs/decisions/048-one-render-pass.md). Should that render still ask for a query never fetched
 * (a page or a query the prefetch does not know), it is fetched and the page rendered again,
 * until a render asks for nothing new: the same components, the same query keys and the same API
 * answers as in the browser. The final cache is dehydrated into the page, and the browser
 * hydrates from it without asking again.
 *
 * The maths is typeset once (docs/decisions/052-typeset-once.md): the formulas in the page's data
 * are looked up in the kept typesetting (`FormulaStore`, the API's typeset_formulas) before the
 * render, which uses them instead of running KaTeX (the same HTML), and the formulas it still had
 * to typeset are kept afterwards for the next render.
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import { formulasOf, keptTypesetting } from '@exemplar/shared/math';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { prefetchPageData } from './app/page-data';
import { AppRoutes, preloadPage } from './app/router';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { setSiteOrigin } from './lib/site';
import { setRenderedTryFirst } from './lib/try-first';
import { shouldSendQuery, toServerState, type ServerState } from './lib/server-state';

/** The page module's source as the build manifest names it (the server links its assets). */
export { pageSource } from './app/router';
/**
 * This bundle's memo of typeset texts (renderRichText's): emptied by tests and the benchmark, to
 * typeset a page afresh in the process that rendered it before.
 */
export { richTextCache } from '@exemplar/shared/math';

export interface ServerRender {
  /** `<title>`, `<meta>` and `<link>` tags the page declared, for the document's head. */
  head: string;
  /** The app's markup, for the root element. */
  body: string;
  /** The data the page was rendered from, for the browser's query cache. */
  state: ServerState;
  /** How many times the page was rendered: 1 when its data was all fetched beforehand. */
  passes: number;
  /** The page data's formulas found kept, and those typeset by this render (and now kept). */
  formulas: { kept: number; typeset: number };
}

/**
 * Formulas typeset before, kept by the API (typeset_formulas), by formulaKey: `read` answers the
 * HTML of those kept for the current typesetter version, `write` keeps more.
 */
export interface FormulaStore {
  read(formulaKeys: Iterable<string>): Promise<Map<string, string>>;
  write(typeset: ReadonlyMap<string, string>): Promise<void>;
}

/** Renders after which a page still asking for new data is sent as it is (dependent queries). */
const MAX_PASSES = 4;

/** Renders run one at a time: the API transport is module state (see `render`). */
let queue: Promise<unknown> = Promise.resolve();

/** The queries a render asked for that are enabled and have never been fetched. */
function waiting(queries: Query[], tried: Set<Query>): Query[] {
  return queries.filter((query) => {
    if (tried.has(query) || query.state.status !== 'pending') return false;
    const enabled = (query.options as { enabled?: unknown }).enabled;
    const on = typeof enabled === 'function' ? (enabled as (q: Query) => boolean)(query) : enabled;
    return on !== false;
  });
}

async function renderOnce(url: string, queryClient: ReturnType<typeof createQueryClient>) {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // The whole page inline: React otherwise sends a large Suspense boundary's content after its
    // fallback, to be swapped in by an inline script, which the Content-Security-Policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * React puts the hoistable elements a page renders (`<title>`, `<meta>`, `<link>`) before the
 * markup when it renders less than a whole document: those go to the head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

/** How the browser asked for the page to be drawn. */
export interface RenderOptions {
  /** Try first: an example page's answer and procedure folded (docs/decisions/046-try-first.md). */
  tryFirst: boolean;
}

/**
 * Renders the page at `url` (path and query) as a visitor sees it, reading the API through
 * `transport`, its absolute URLs on `origin`, drawn as `options` say. One render at a time: the API client's transport is module state, and several
 * apps in one process (tests) each pass their own. Rendering is CPU work on one thread anyway.
 */
export function render(
  url: string,
  transport: typeof fetch,
  origin: string,
  options: RenderOptions = { tryFirst: false },
  formulaStore?: FormulaStore,
): Promise<ServerRender> {
  const run = queue.then(() => {
    setApiTransport(transport);
    setSiteOrigin(origin);
    setRenderedTryFirst(options.tryFirst);
    return renderNow(url, origin, options.tryFirst, formulaStore);
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Every string in `value` (the answers of a page's queries) that may hold maths. */
function mathStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('$') || value.includes('\\')) into.push(value);
  } else if (Array.isArray(value)) for (const item of value) mathStrings(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) mathStrings(item, into);
  }
  return into;
}

/** The kept typesetting of every formula in the data fetched into `queryClient`. */
async function keptFormulas(
  queryClient: ReturnType<typeof createQueryClient>,
  store: FormulaStore,
): Promise<Map<string, string>> {
  const keys = new Set<string>();
  for (const query of queryClient.getQueryCache().getAll()) {
    for (const text of mathStrings(query.state.data)) {
      for (const key of formulasOf(text).keys()) keys.add(key);
    }
  }
  return keys.size ? store.read(keys) : new Map();
}

async function renderNow(
  url: string,
  origin: string,
  tryFirst: boolean,
  formulaStore: FormulaStore | undefined,
): Promise<ServerRender> {
  const queryClient = createQueryClient();
  await Promise.all([
    preloadPage(new URL(url, 'http://localhost').pathname),
    prefetchPageData(queryClient, url),
  ]);
  const kept = formulaStore ? await keptFormulas(queryClient, formulaStore) : new Map();
  const tried = new Set<Query>();
  let html = '';
  let passes = 0;
  keptTypesetting.begin(kept);
  let typeset: Map<string, string>;
  try {
    for (;;) {
      html = await renderOnce(url, queryClient);
      passes += 1;
      const next = waiting(queryClient.getQueryCache().getAll(), tried);
      if (next.length === 0 || passes === MAX_PASSES) break;
      next.forEach((query) => tried.add(query));
      // A failure stays in the query's state: the page renders its error, as in the browser.
      await Promise.all(next.map((query) => query.fetch().catch(() => undefined)));
    }
  } finally {
    typeset = keptTypesetting.end();
  }
  // Kept for the next render of a page showing them (a failure to keep them loses nothing).
  if (formulaStore && typeset.size) await formulaStore.write(typeset).catch(() => undefined);
  const head = HOISTED.exec(html)?.[0] ?? '';
  const state = toServerState(
    dehydrate(queryClient, { shouldDehydrateQuery: shouldSendQuery }),
    origin,
    tryFirst,
  );
  queryClient.clear();
  return {
    head,
    body: html.slice(head.length),
    state,
    passes,
    formulas: { kept: kept.size, typeset: typeset.size },
  };
}
