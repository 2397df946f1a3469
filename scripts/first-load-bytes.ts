// The bytes on the wire of a first visit to / and to /examples, as real Chromium loads them from
// the real server (demo catalogue, built app), with no encoding, gzip only and brotli (Chromium's
// own Accept-Encoding). Sums each response's encodedDataLength from the DevTools protocol's
// Network.loadingFinished (headers included), by kind: HTML, JS, CSS, API JSON, fonts, other.
// Writes its table into docs/benchmarks.md (between <!-- first-load:start/end -->).
//
//   node scripts/web-build.mjs && node --import tsx scripts/first-load-bytes.ts
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, repoRoot, startServer } from '../apps/web/e2e/harness';

const PAGES = ['/', '/examples'];
const MODES = [
  ['none (identity)', 'identity'],
  ['gzip', 'gzip'],
  ['br (Chromium default)', null],
] as const;
const KINDS = ['HTML', 'JS', 'CSS', 'API JSON', 'fonts', 'other'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(url: string, mime: string): Kind {
  if (new URL(url).pathname.startsWith('/api/')) return 'API JSON';
  if (mime.includes('html')) return 'HTML';
  if (mime.includes('javascript')) return 'JS';
  if (mime.includes('css')) return 'CSS';
  if (mime.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(url)) return 'fonts';
  return 'other';
}

async function firstLoad(browser: Browser, url: string, acceptEncoding: string | null) {
  // A fresh context: an empty cache, as a first visit has.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', {
      headers: { 'Accept-Encoding': acceptEncoding },
    });
  const seen = new Map<string, { url: string; mime: string; encoding: string }>();
  const sums = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const encodings = new Set<string>();
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    seen.set(e.requestId, {
      url: e.response.url,
      mime: e.response.mimeType,
      encoding: headers['content-encoding'] ?? 'none',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (!r || r.url.startsWith('data:')) return;
    const kind = kindOf(r.url, r.mime);
    sums[kind] += e.encodedDataLength;
    if (kind !== 'fonts' && kind !== 'other') encodings.add(`${kind}:${r.encoding}`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The page's own content and every font it uses (KaTeX's on /examples) have arrived.
  await page.waitForFunction(
    () => document.querySelector('[data-path]')?.getAttribute('data-path') === location.pathname,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await context.close();
  return { sums, encodings: [...encodings].sort() };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const server = await startServer({ env: { LOG_LEVEL: 'warn', NODE_ENV: 'production' } });
const browser = await launchBrowser();
const lines: string[] = [];
try {
  for (const url of PAGES) {
    for (const [label, accept] of MODES) {
      const { sums, encodings } = await firstLoad(browser, `${server.url}${url}`, accept);
      const total = KINDS.reduce((n, k) => n + sums[k], 0);
      console.error(`${url} ${label}: ${kb(total)} (${encodings.join(', ')})`);
      lines.push(
        `| \`${url}\` | ${label} | ${KINDS.map((k) => (sums[k] ? kb(sums[k]) : '—')).join(' | ')} | **${kb(total)}** |`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const section = `<!-- first-load:start -->
## Bytes on the wire of a first visit (\`node --import tsx scripts/first-load-bytes.ts\`)

Measured on ${new Date().toISOString().slice(0, 10)} with real Chromium (headless, an empty cache per visit) against the real server (demo catalogue, built app, \`NODE_ENV=production\`): the sum of every response's \`encodedDataLength\` (DevTools protocol, \`Network.loadingFinished\`; response headers included), from navigation until the page is shown, the network is idle and \`document.fonts.ready\`. "none" and "gzip" send that \`Accept-Encoding\` instead of Chromium's own (\`gzip, deflate, br, zstd\`), which gets brotli. The same visit with fewer bytes: the content is identical.

| page | Accept-Encoding | ${KINDS.join(' | ')} | total |
|---|---|${KINDS.map(() => '---:').join('|')}|---:|
${lines.join('\n')}
<!-- first-load:end -->`;

const doc = path.join(repoRoot, 'docs/benchmarks.md');
const current = fs.readFileSync(doc, 'utf8');
const between = /<!-- first-load:start -->[\s\S]*<!-- first-load:end -->/;
fs.writeFileSync(
  doc,
  between.test(current)
    ? current.replace(between, () => section)
    : `${current.trimEnd()}\n\n${section}\n`,
);
console.log(section);
