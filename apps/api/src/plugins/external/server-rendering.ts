import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute } from '@exemplar/shared/app-routes';
import { scriptJson } from '@exemplar/shared/script-json';
import { tryFirstCookieOn } from '@exemplar/shared/try-first-cookie';
import fp from 'fastify-plugin';
import { addVary } from '../../lib/compression';
import { publicOrigin } from '../../lib/public-origin';
import { keptBody, keptResponse, keptSize, type KeptResponse } from '../../lib/kept-response';
import { versionedLru } from '../../lib/versioned-lru';
import { typesetStore } from '../../modules/catalogue/examples';

/**
 * How a page is drawn besides its URL. `tryFirst`: an example page with its answer and procedure
 * folded (a signed-in learner's preference, mirrored in the try-first cookie; ADR 046); false for
 * every other page and request.
 */
interface RenderOptions {
  tryFirst: boolean;
}

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
interface ServerBundle {
  render(
    url: string,
    transport: typeof fetch,
    origin: string,
    options: RenderOptions,
    formulaStore: ReturnType<typeof typesetStore>,
  ): Promise<{ head: string; body: string; state: unknown }>;
  pageSource(pathname: string): string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server rendering of the public pages; null when the web app's server bundle is not built. */
    serverRendering: {
      /**
       * Sends the page at request.url, rendered. `statusOf` (200, or 404 for no such page) is
       * asked only when the page is not kept: a kept page is a 200 of this catalogue version.
       */
      send(
        request: FastifyRequest,
        reply: FastifyReply,
        statusOf: () => Promise<number>,
      ): Promise<FastifyReply>;
    } | null;
  }
}

const MAX_PAGES = 2000;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** Whether `pathname` is an example's page, `/examples/{digits}`, as the web router matches it. */
function isExamplePage(pathname: string): boolean {
  const match = matchAppRoute(pathname);
  return match?.route === '/examples/:id' && /^\d+$/.test(match.params.id ?? '');
}

/**
 * The options `request` is drawn with: an example page folded only when the request carries
 * `exemplar-try-first=1`; every other page the same for everyone.
 */
function renderOptionsOf(request: Pick<FastifyRequest, 'url' | 'headers'>): {
  examplePage: boolean;
  options: RenderOptions;
} {
  const examplePage = isExamplePage(request.url.split('?')[0] ?? '/');
  return {
    examplePage,
    options: { tryFirst: examplePage && tryFirstCookieOn(request.headers.cookie) },
  };
}

/** The built files the renderer needs, or null (with the reason) when they are not there. */
async function loadBuild(distDir: string) {
  const bundleFile = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const templateFile = path.join(distDir, 'index.html');
  for (const file of [bundleFile, manifestFile, templateFile]) {
    if (!fs.existsSync(file)) return { missing: file } as const;
  }
  const bundle = (await import(pathToFileURL(bundleFile).href)) as ServerBundle;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  return { bundle, manifest, template: fs.readFileSync(templateFile, 'utf8') } as const;
}

/** The stylesheets and scripts a page's chunk needs first, besides the entry's (in the shell). */
function pageAssets(manifest: Record<string, ManifestChunk>, source: string) {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === 'index.html') return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(source);
  return (
    [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('') +
    [...js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
  );
}

/**
 * The page: the shell's head with the page's own title and meta tags (in place of the shell's
 * defaults) and its assets, the rendered markup in #root, and the data it was rendered from.
 */
function assemble(
  template: string,
  assets: string,
  rendered: Awaited<ReturnType<ServerBundle['render']>>,
) {
  let head = template;
  if (/<title>/.test(rendered.head)) head = head.replace(/<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(rendered.head)) {
    head = head.replace(/<meta\s+name="description"[^>]*\/?>/, '');
  }
  // The page reads without scripts: the shell's "needs JavaScript" notice is not for it.
  head = head.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  // Replaced by functions: a replacement string would read `$$` and `$&` in the page as patterns.
  return head
    .replace('</head>', () => `${rendered.head}${assets}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.body}</div>` +
        `<script type="application/json" id="exemplar-state">${scriptJson(rendered.state)}</script>`,
    );
}

/**
 * Renders the public pages on the server for visitors (docs/decisions/030-server-rendered-public-pages.md):
 * the web app's own components, run by its server bundle, reading the API in this process through
 * `app.inject` (the same answers, the visitors' cache included). A page answered 200 is kept per
 * catalogue version and URL, with its compressed forms and validators (ETag, Last-Modified), like
 * the visitors' API answers: a conditional GET of it gets 304. The maths of a page is typeset
 * once: formulas kept in typeset_formulas (at an example's save or import, or by an earlier
 * render) are not typeset again (docs/decisions/052-typeset-once.md). An example page has two variants,
 * folded (try first) for a request carrying the try-first cookie and open for any other, kept
 * apart and answered with `Vary: Cookie` (ADR 046). Registered before the static app,
 * whose fallback calls `send` for the server-rendered routes.
 */
export const serverRenderingPlugin = fp(
  async (app: FastifyInstance) => {
    const build = await loadBuild(app.config.WEB_DIST_DIR);
    if ('missing' in build) {
      app.log.warn(
        `Public pages are sent as the app shell: ${build.missing} is missing (run npm run build).`,
      );
      app.decorate('serverRendering', null);
      return;
    }
    const { bundle, manifest, template } = build;
    /** Formulas typeset once and kept (ADR 052): the render uses them instead of KaTeX. */
    const formulas = typesetStore(app.database.db);
    const pages = versionedLru<KeptResponse>({
      maxEntries: MAX_PAGES,
      maxTotalSize: MAX_TOTAL_BYTES,
      sizeOf: keptSize,
    });
    /** Renders under way, by catalogue version and key. */
    const rendering = new Map<string, Promise<KeptResponse>>();

    /** The page's API requests, answered in process as a visitor's (no session, no encoding). */
    const transport: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined)
          headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers,
      });
    };

    async function render(url: string, origin: string, options: RenderOptions): Promise<Buffer> {
      const rendered = await bundle.render(url, transport, origin, options, formulas);
      const pathname = url.split('?')[0] ?? '/';
      const assets = pageAssets(manifest, bundle.pageSource(pathname));
      return Buffer.from(assemble(template, assets, rendered));
    }

    async function send(
      request: FastifyRequest,
      reply: FastifyReply,
      statusOf: () => Promise<number>,
    ) {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const origin = publicOrigin(request, app.config);
      const { examplePage, options } = renderOptionsOf(request);
      // An example page is drawn folded or not by the try-first cookie: a shared cache keeps the
      // two apart (every example page says so, whichever it is, the 404 included).
      if (examplePage) addVary(reply, 'Cookie');
      const version = await app.catalogueVersion.read();
      // Per origin too: the page's absolute URLs are written with it. The folded example page is
      // kept under a key of its own, so neither variant is ever sent for the other.
      const key = `${origin}${request.url}${options.tryFirst ? ' try-first' : ''}`;
      let kept = pages.get(key, version);
      if (kept) reply.header('x-page-cache', 'hit');
      else {
        const status = await statusOf();
        if (status !== 200) {
          // Not kept: any path can be asked for, and a missing example may be created later.
          return reply.status(status).send(await render(request.url, origin, options));
        }
        // Callers arriving while it renders share the one render (a popular page after an edit).
        const making = `${version} ${key}`;
        let made = rendering.get(making);
        if (!made) {
          made = render(request.url, origin, options)
            .then((body) => {
              const page = keptResponse(body, 'text/html; charset=utf-8', {
                previous: pages.latest(key),
              });
              pages.set(key, version, page);
              return page;
            })
            .finally(() => rendering.delete(making));
          rendering.set(making, made);
        }
        kept = await made;
      }
      const page = kept;
      const grown = () => {
        if (pages.get(key, version) === page) pages.set(key, version, page);
      };
      return reply.send(await keptBody(request, reply, page, grown));
    }

    app.decorate('serverRendering', { send });
  },
  {
    name: 'server-rendering',
    dependencies: ['catalogue-version'],
    decorators: { fastify: ['config', 'database'] },
  },
);
