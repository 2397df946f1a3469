// `npm run size`: gzipped JavaScript a first visit downloads for / and for /examples (the entry,
// its static imports, and the page's lazy chunk with its static imports), from Vite's manifest.
// Exits 1 when a page is over its budget (docs/decisions/006-bundle-budget.md):
//   /          200 KB, and no KaTeX at all (JavaScript, CSS or fonts);
//   /examples  203 KB plus KaTeX's own chunk (the maths renderer the page exists for).
// Neither page may reach the admin, dashboard or profile code, nor the dashboard's chart library. Run after `npm run build` (CI:
// `npm ci` builds it; see .ci/run).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { webBuildIsStale } from './web-build.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const KB = 1024;
const PAGES = [
  { page: '/', route: 'src/app/routes/home.tsx', plusKatex: false, budget: 200 * KB },
  { page: '/examples', route: 'src/app/routes/examples.tsx', plusKatex: true, budget: 203 * KB },
];
/**
 * Modules that must never be part of those first loads: the signed-in pages, and the dashboard's
 * charts (the chart library, @mantine/charts with recharts, comes only with them).
 */
const SPLIT_OUT = [
  ...['admin', 'dashboard', 'profile', 'user-details'].map((name) => `src/app/routes/${name}.tsx`),
  'src/features/dashboard/components/review-charts.tsx',
];
const KATEX_CHUNK = 'katex'; // apps/web/vite.config.ts puts KaTeX in a chunk of this name

if (webBuildIsStale()) {
  console.error('apps/web/dist is missing or older than its sources: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const problems = [];
for (const { page, route, plusKatex, budget: BUDGET } of PAGES) {
  if (!manifest[route]) throw new Error(`${route} is not in the manifest`);
  const keys = [...new Set([...closure('index.html'), ...closure(route)])];
  const chunks = keys.map((key) => ({ key, ...manifest[key] }));
  const js = chunks.filter((c) => c.file.endsWith('.js')).map((c) => ({ ...c, gz: gz(c.file) }));
  const katex = js.filter((c) => c.name === KATEX_CHUNK).reduce((n, c) => n + c.gz, 0);
  const rest = js.reduce((n, c) => n + c.gz, 0) - katex;

  const sizes = katex ? `${kb(rest)} + KaTeX ${kb(katex)} = ${kb(rest + katex)}` : kb(rest);
  const budget = plusKatex ? `${kb(BUDGET)} + KaTeX` : kb(BUDGET);
  console.log(`${page}: ${sizes} gzipped JS in ${js.length} files (budget ${budget})`);
  for (const c of [...js].sort((a, b) => b.gz - a.gz).slice(0, 5)) {
    console.log(`  ${kb(c.gz).padStart(8)}  ${c.file}`);
  }

  if (rest > BUDGET) problems.push(`${page} is ${kb(rest - BUDGET)} over its budget`);
  if (katex && !plusKatex) problems.push(`${page} loads KaTeX`);
  // KaTeX's stylesheet declares its fonts (@font-face … KaTeX_…); the fonts load only through it.
  const katexCss = chunks
    .flatMap((c) => c.css ?? [])
    .filter((f) => /@font-face\{[^}]*KaTeX_/.test(fs.readFileSync(path.join(dist, f), 'utf8')));
  if (katexCss.length && !plusKatex) problems.push(`${page} loads KaTeX's CSS and fonts`);
  for (const key of SPLIT_OUT.filter((k) => keys.includes(k)))
    problems.push(`${page} loads ${key}`);
}
for (const problem of problems) console.error(`✗ ${problem}`);
process.exit(problems.length ? 1 : 0);
