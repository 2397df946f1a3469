import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { httpBytes } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { engineUnderTest } from './helpers/test-db';

/**
 * The try-first variant of the server-rendered example page (plugins/external/server-rendering.ts,
 * ADR 046), over real HTTP, with a server bundle of our own in place of the web app's: it writes
 * into the page the URL and the options it was asked to render with, and notes each call, so the
 * test sees exactly what reached `render`. Everything else is the real app: the static fallback,
 * the page keeping, the statuses from the small catalogue.
 */

interface RenderCall {
  url: string;
  origin: string;
  options: unknown;
}
const CALLS_KEY = '__exemplarTryFirstRenders';
const calls = (): RenderCall[] =>
  ((globalThis as Record<string, unknown>)[CALLS_KEY] ??= []) as RenderCall[];

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-fake-web-'));
const WEB_DIST_DIR = path.join(buildDir, 'dist');
fs.mkdirSync(path.join(WEB_DIST_DIR, '.vite'), { recursive: true });
fs.mkdirSync(path.join(buildDir, 'dist-server'));
fs.writeFileSync(
  path.join(WEB_DIST_DIR, 'index.html'),
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(WEB_DIST_DIR, '.vite', 'manifest.json'), '{}');
fs.writeFileSync(
  path.join(buildDir, 'dist-server', 'entry-server.js'),
  `export async function render(url, transport, origin, ...rest) {
  (globalThis[${JSON.stringify(CALLS_KEY)}] ??= []).push({ url, origin, options: rest[0] });
  return {
    head: '<title>Fake</title>',
    // The render options only: the formula store passed after them is the API's own.
    body: '<p id="drawn">' + JSON.stringify({ url, options: rest.slice(0, 1) }) + '</p>',
    state: null,
  };
}
export function pageSource() {
  return 'src/app/routes/fake.tsx';
}
`,
);
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

const api = useTestApp({ catalogue: true, listen: true, env: { WEB_DIST_DIR } });
const { cat } = api;

const COOKIE = 'exemplar-try-first=1';

/** GET `url` over HTTP with `cookie` (if any): status, headers and what the fake bundle drew. */
async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await httpBytes(`${api.base}${url}`, {
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
  const html = res.bytes.toString('utf8');
  const drawn = /<p id="drawn">(.*?)<\/p>/.exec(html)?.[1];
  return {
    status: res.status,
    headers: res.headers,
    bytes: res.bytes,
    drawn: drawn === undefined ? undefined : (JSON.parse(drawn) as { url: string; options: [] }),
    hit: res.headers['x-page-cache'] === 'hit',
  };
}

const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .split(/\s*,\s*/)
    .filter(Boolean)
    .map((f) => f.toLowerCase());

beforeEach(() => {
  calls().length = 0;
});

describe(`the try-first example page on ${engineUnderTest}`, () => {
  it('renders an example page with { tryFirst: true } only when the request carries exemplar-try-first=1, among other cookies or alone', async () => {
    const page = `/examples/${cat.ex.linear}`;
    const cases: [url: string, cookie: string | undefined, tryFirst: boolean][] = [
      [page, COOKIE, true],
      [`${page}?subject=${cat.algebra}`, `theme=dark;${COOKIE}; lang=en`, true],
      [`${page}?from=list`, ` lang=en ;  ${COOKIE} `, true],
      [`${page}?plain=1`, undefined, false],
      [`${page}?off=1`, 'exemplar-try-first=0', false],
      [`${page}?other=1`, 'theme=dark; lang=en', false],
      [`${page}?near=1`, 'exemplar-try-first-old=1', false],
    ];
    for (const [url, cookie, tryFirst] of cases) {
      calls().length = 0;
      const res = await get(url, cookie);
      expect(res.status, url).toBe(200);
      expect(res.drawn, url).toEqual({
        url,
        options: [{ tryFirst }],
      });
      expect(calls(), url).toEqual([{ url, origin: api.base, options: { tryFirst } }]);
    }
  });

  it('renders every other page with { tryFirst: false }, the cookie or not', async () => {
    for (const url of [
      '/',
      '/about',
      '/latex',
      '/examples',
      `/examples?subject=${cat.algebra}`,
      '/examples/abc',
      '/examples/12abc',
      '/no-such-page',
    ]) {
      const res = await get(url, COOKIE);
      expect(res.drawn, url).toEqual({ url, options: [{ tryFirst: false }] });
      expect(varyOf(res.headers), url).not.toContain('cookie');
    }
  });

  it("an example page's 404 (no such example) is drawn with the same option and answers Vary: Cookie", async () => {
    for (const [cookie, tryFirst] of [
      [COOKIE, true],
      [undefined, false],
    ] as const) {
      const res = await get('/examples/999999', cookie);
      expect(res.status).toBe(404);
      expect(res.drawn).toEqual({ url: '/examples/999999', options: [{ tryFirst }] });
      expect(varyOf(res.headers)).toContain('cookie');
    }
  });

  it('keeps the two variants apart: a kept folded page is never sent without the cookie, nor the open one with it', async () => {
    const url = `/examples/${cat.ex.quadEasy}`;
    const folded = await get(url, COOKIE);
    expect(folded.hit).toBe(false);
    expect(folded.drawn?.options).toEqual([{ tryFirst: true }]);
    const foldedAgain = await get(url, `a=b; ${COOKIE}`);
    expect(foldedAgain.hit).toBe(true);
    expect(foldedAgain.bytes.equals(folded.bytes)).toBe(true);

    // The open page is not kept yet: rendered, not the folded one.
    const open = await get(url);
    expect(open.hit).toBe(false);
    expect(open.drawn?.options).toEqual([{ tryFirst: false }]);
    const openAgain = await get(url, 'exemplar-try-first=0');
    expect(openAgain.hit).toBe(true);
    expect(openAgain.bytes.equals(open.bytes)).toBe(true);
    expect((await get(url, COOKIE)).drawn?.options).toEqual([{ tryFirst: true }]);

    // Two renders for the two variants, no more.
    expect(calls().map((c) => c.options)).toEqual([{ tryFirst: true }, { tryFirst: false }]);

    // Each variant's validators are its own: one's ETag gets no 304 for the other.
    expect(folded.headers.etag).not.toBe(open.headers.etag);
    const crossed = await get(url, undefined, { 'if-none-match': String(folded.headers.etag) });
    expect(crossed.status).toBe(200);
    expect(crossed.drawn?.options).toEqual([{ tryFirst: false }]);
    const own = await get(url, COOKIE, { 'if-none-match': String(folded.headers.etag) });
    expect(own.status).toBe(304);
    expect(varyOf(own.headers)).toContain('cookie');
  });

  it('answers Vary: Cookie on example pages, folded or not, and on HEAD; not on the other pages', async () => {
    const url = `/examples/${cat.ex.circle}`;
    for (const cookie of [COOKIE, undefined]) {
      expect(varyOf((await get(url, cookie)).headers)).toContain('cookie');
    }
    const head = await httpBytes(`${api.base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(varyOf(head.headers)).toContain('cookie');
    expect(varyOf((await get('/about', COOKIE)).headers)).not.toContain('cookie');
  });
});
