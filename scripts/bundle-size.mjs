// `npm run size`: gzipped JavaScript a first visit downloads for / and for /examples (the entry,
// its static imports, and the page's lazy chunk with its static imports), from Vite's manifest.
// Exits 1 when a page is over the budget (issue 8: 200 KB). Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET = 200 * 1024;
const PAGES = { '/': 'src/app/routes/home.tsx', '/examples': 'src/app/routes/examples.tsx' };

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length;

let over = false;
for (const [page, route] of Object.entries(PAGES)) {
  if (!manifest[route]) throw new Error(`${route} is not in the manifest`);
  const chunks = new Set([...closure('index.html'), ...closure(route)]);
  const files = [...chunks].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((n, f) => n + gz(f), 0);
  const biggest = files
    .map((f) => [f, gz(f)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  console.log(
    `${page}: ${(total / 1024).toFixed(1)} KB gzipped JS in ${files.length} files (budget ${BUDGET / 1024} KB)`,
  );
  for (const [f, n] of biggest) console.log(`  ${(n / 1024).toFixed(1)} KB  ${f}`);
  if (total > BUDGET) over = true;
}
process.exit(over ? 1 : 0);
