// What `npm run bench` writes: its sections of docs/benchmarks.md (the API's, the drafts' and the
// server-rendered pages' tables here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DRAFT_CALLERS, type DraftsPlan, type DraftsRow, type DraftsTotals } from './drafts';
import type { ColdRow, Row, SignedInRow } from './types';
import { DRAFT_EVERY, draftCount } from './generate';
import type { PageColdRow, PageRow } from './pages';
import { CONNECTIONS, ROUNDS } from './load';
import { root } from './processes';

const doc = path.join(root, 'docs/benchmarks.md');
const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
const machine = () =>
  `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
/** Puts `section` in place of the one between its markers in docs/benchmarks.md, or appends it. */
export function writeSection(marker: string, section: string) {
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Benchmarks\n';
  const between = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  fs.writeFileSync(
    doc,
    between.test(current)
      ? current.replace(between, () => section)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
}

/** The API part's results. */
export interface ApiResults {
  examples: number;
  duration: number;
  rows: Row[];
  signedInRows: SignedInRow[];
  coldRows: ColdRow[];
  /** Engines left out, and why. */
  skipped: string[];
  importLine: string;
}

/** The API section of docs/benchmarks.md, and its tables for the console. */
export function apiSection({
  examples,
  duration,
  rows,
  signedInRows,
  coldRows,
  skipped,
  importLine,
}: ApiResults) {
  const target = (engine: string) => (engine === 'sqlite' ? 0.5 : 0.35);
  const table = [
    '| engine | endpoint | bytes | req/s | p50 ms | p99 ms | ceiling req/s | ratio | target met | body-only ceiling req/s | ratio to it |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map((r) => {
      const ratio = r.rps / r.ceilingRps;
      const ok = ratio >= target(r.engine) && r.p99 <= 25 && r.errors === 0;
      return `| ${r.engine} | ${r.endpoint} | ${r.bytes} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.ceilingRps)} | ${(ratio * 100).toFixed(0)}% | ${ok ? 'yes' : `**no**${r.errors ? ` (${r.errors} errors)` : ''}`} | ${Math.round(r.bareRps)} | ${((r.rps / r.bareRps) * 100).toFixed(0)}% |`;
    }),
  ].join('\n');
  const signedInTable = [
    '| engine | endpoint | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|',
    ...signedInRows.map(
      (r) =>
        `| ${r.engine} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    ),
  ].join('\n');
  const coldTable = [
    '| engine | caller | distinct queries sent | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...coldRows.map(
      (r) =>
        `| ${r.engine} | ${r.caller} | ${r.requests.toLocaleString('en')} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    ),
  ].join('\n');
  const section = `<!-- bench:start -->
## API throughput and latency (\`npm run bench\`)

Run on ${new Date().toISOString().slice(0, 10)}: ${machine()}; load average at the end ${loads(os.loadavg())}.
Catalogue: ${examples.toLocaleString('en')} generated examples (${draftCount(examples).toLocaleString('en')} of them drafts, which only editors see), 1,000 categories. autocannon, ${CONNECTIONS} connections, ${duration} s per measurement (${ROUNDS} rounds) after a 1 s warm-up.
The ceiling is a bare Fastify route sending the exact bytes the endpoint returned (its body and its headers: security headers, content type, request id), measured in the same run; ratio = req/s ÷ ceiling req/s. The body-only ceiling sends the same body with only a content type, for comparison (it shows what the security headers cost on small payloads). Endpoint and ceilings are measured in ${ROUNDS} alternating rounds each and the median is reported. Targets: ≥ 50% on SQLite, ≥ 35% on PostgreSQL, p99 ≤ 25 ms.
${skipped.length ? `\nSkipped: ${skipped.join('; ')}.\n` : ''}
${table}

**Every row above is a cache hit** after the first request: the same URL is asked again and again, so the API answers from the visitors' cache (kept per query and catalogue version). These rows measure the HTTP path and the cache, not the database.

Signed in as a learner (a bearer token; an editor's reads, which may include drafts, are never served from the visitors' cache), the same URLs again. **Also cache hits for the page**: a signed-in caller's page is the visitors' page for that query (kept per query and catalogue version) plus the caller's liked and solved marks for its rows, which one indexed query reads fresh on every request. A position is kept the same way and carries no marks: its signed-in row is a cache hit in the examples service. Cold position queries: \`scripts/bench/positions.ts\` (below). No target; ${duration} s each, one run:

${signedInTable}

**Cold** (no cache hit): every request is \`GET /api/examples\` with filters not asked before in the run: one of the 1,000 categories, a two-word search half of the time, a difficulty 60% of the time and a page size from 1 to 100, drawn without repeats from a seeded list, so each request runs its page and total queries. Visitors, then signed in as a learner (with the caller's marks). Then two searches over the whole catalogue, each asked once (visitors): a word search, two of the questions' words and a number (\`solve parabola 1234\`), and a formula search, a quadratic with other numbers each time (\`x^2-7x+12\`), read by its structure: every generated example holds a quadratic, so each matches all the published examples. A formula search's tokens' postings are kept per catalogue version (ADR 050): after the warm-up's first asks, its rows are new queries scored over postings already read (the structure is the same and the numbers few); \`scripts/measure-formula-search.ts\` measures first asks on a MATH-like catalogue. No target; ${duration} s each after a 1 s warm-up, one run:

${coldTable}

Import of the MATH public sample: ${importLine}.

Reproduce: \`npm run bench\` (options: \`-- --examples 100000 --duration 8 --engines sqlite,postgres\`).
<!-- bench:end -->`;
  return { section, table, signedInTable, coldTable };
}

/** The server-rendered pages' results. */
export interface PagesResults {
  examples: number;
  duration: number;
  rows: PageRow[];
  coldRows: PageColdRow[];
  /** Engines left out, and why. */
  skipped: string[];
  /** The load average (1, 5, 15 min) when the run began. */
  loadAtStart: number[];
}

/** The server-rendered pages' section of docs/benchmarks.md, and its tables for the console. */
export function pagesSection({
  examples,
  duration,
  rows,
  coldRows,
  skipped,
  loadAtStart,
}: PagesResults) {
  const table = [
    '| engine | page | answered by | Accept-Encoding | bytes sent | req/s | p50 ms | p99 ms | ceiling req/s | ratio | ceiling p99 ms | body-only ceiling req/s | errors |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | \`GET ${r.page}\` | page cache hit | ${r.encoding} | ${r.bytes.toLocaleString('en')} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.ceilingRps)} | ${((r.rps / r.ceilingRps) * 100).toFixed(0)}% | ${r.ceilingP99} | ${Math.round(r.bareRps)} | ${r.errors} |`,
    ),
  ].join('\n');
  const coldTable = [
    '| engine | page (cold: no cache hit) | Accept-Encoding | pages rendered | renders/s | p50 ms | p99 ms | server CPU ms/render | errors | ceiling req/s of a cached page of that kind |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...coldRows.map(
      (r) =>
        `| ${r.engine} | \`GET ${r.page}\` | ${r.encoding} | ${r.requests.toLocaleString('en')} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${r.cpuMsPerRender === undefined ? '—' : r.cpuMsPerRender.toFixed(1)} | ${r.errors} | ${Math.round(r.ceilingRps)} |`,
    ),
  ].join('\n');
  const each = Math.max(1, Math.round(duration / ROUNDS));
  const section = `<!-- bench-pages:start -->
## Server-rendered pages (\`npm run bench -- --only pages\`)

Run on ${new Date().toISOString().slice(0, 10)}: ${machine()}; load average ${loads(loadAtStart)} when the run began, ${loads(os.loadavg())} at its end.
Catalogue: ${examples.toLocaleString('en')} generated examples (${draftCount(examples).toLocaleString('en')} of them drafts, which only editors see), 1,000 categories; the API server with \`NODE_ENV=production\` and the built web app (its SSR bundle \`apps/web/dist-server/entry-server.js\`), as for the API rows. autocannon, ${CONNECTIONS} connections.

**Cache hits.** Each row asks the same URL again and again, as a visitor (no cookie, no token): \`/examples/{id}\` of the example in the middle of the catalogue, \`/examples\` and \`/examples?category=\` (one main category: its subtree, as in the API rows). Every answer is a **page-cache hit**: the page was rendered by the first request and is kept per catalogue version, origin and URL; the answer the ceiling sends was checked to carry \`x-page-cache: hit\`. "br" rows send \`accept-encoding: br\` and get the page's brotli form, made once (quality 5) and kept; "none" rows send no Accept-Encoding and get the HTML as it is. The ceiling is a bare Fastify route sending that exact answer (its body bytes as sent and its headers: security headers, ETag, Last-Modified, Vary, \`x-page-cache\`, request id); the body-only ceiling sends the same body with only a content type. Page, ceiling and body-only ceiling in ${ROUNDS} alternating rounds of ${each} s after a 1 s warm-up each, medians reported; ratio = req/s ÷ ceiling req/s.
${skipped.length ? `\nSkipped: ${skipped.join('; ')}.\n` : ''}
${table}

**Cold renders.** Every request is a page the server has not rendered before, so each one is a full render: \`/examples/{id}\` of a different real example each time (all the catalogue's published ids in a seeded order: a draft's page is a 404 for a visitor), or \`/examples?category=…\` with a combination of category, difficulty and type not asked before (1,000 × 5 × 5 combinations, seeded order). The page cache is not switched off or bypassed: each URL is asked once. The API answers the page reads in process for that example or those filters are first asks too (the example, its position, the filtered list and total); answers every page shares (category tree, difficulties, types) are already cached, as on a server that has been running. Both encodings draw from one list per kind, so no page is rendered twice; a br request also compresses the page it rendered (brotli 5, kept with the page). ${duration} s each after a 1 s warm-up, one run. renders/s is autocannon's answers per second; "pages rendered" counts the requests sent, each of which the server renders: the renders still queued when a run ends are let finish (the server's CPU goes quiet) before the next run starts and before its CPU is read. Server CPU per render is the API process's user + system time (all threads, from /proc) over that run ÷ pages rendered (PostgreSQL's own processes are not counted). Beside each: the ceiling req/s of the cached page of the same kind and encoding (the example page, or the category list), for scale; no ratio.

${coldTable}

Reproduce: \`npm run bench -- --only pages\` (options: \`--examples 100000 --duration 8 --engines sqlite,postgres\`; the web app must be built: \`node scripts/web-build.mjs\`).
<!-- bench-pages:end -->`;
  return { section, table, coldTable };
}

/** The drafts part's results. */
export interface DraftsResults {
  examples: number;
  duration: number;
  rows: DraftsRow[];
  totals: DraftsTotals[];
  plans: DraftsPlan[];
  /** Engines left out, and why. */
  skipped: string[];
  /** The load average (1, 5, 15 min) when the run began. */
  loadAtStart: number[];
}

/** The catalogue size the section's figures are meant for; a smaller run is labelled a trial. */
const FULL_EXAMPLES = 100_000;

/** The drafts' section of docs/benchmarks.md, and its tables for the console. */
export function draftsSection({
  examples,
  duration,
  rows,
  totals,
  plans,
  skipped,
  loadAtStart,
}: DraftsResults) {
  const base = DRAFT_CALLERS[1].caller;
  const table = [
    `| engine | caller | status condition | distinct queries sent | req/s | p50 ms | p99 ms | req/s ÷ ${base} | p50 ÷ ${base} | req/s per round | errors | cache hits |`,
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map((r) => {
      const against = rows.find((x) => x.engine === r.engine && x.caller === base);
      const ratio = (a: number, b: number | undefined) =>
        b ? `${((a / b) * 100).toFixed(0)}%` : '—';
      return `| ${r.engine} | ${r.caller} | ${r.condition} | ${r.requests.toLocaleString('en')} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${ratio(r.rps, against?.rps)} | ${ratio(r.p50, against?.p50)} | ${r.roundsRps.map((x) => Math.round(x)).join(', ')} | ${r.errors} | ${r.cacheHits} |`;
    }),
  ].join('\n');
  const totalsLine = totals
    .map(
      (t) =>
        `${t.engine}: \`${t.path}\` answers a total of ${t.visitor.toLocaleString('en')} to the visitor and ${t.editorAll.toLocaleString('en')} to the editor with \`&status=all\``,
    )
    .join('; ');
  // The select list is long and the same in every plan: the plans are about what follows it.
  const statement = (sql: string) =>
    sql.replace(/^select (.*?) from "examples"/, (whole, list: string) =>
      list.length > 60 ? 'select … from "examples"' : whole,
    );
  const plansText = plans
    .map(
      (p) =>
        `${p.engine}, ${p.caller}, ${/count\(\*\)/.test(p.sql) ? 'total' : 'page'}: \`${statement(p.sql)}\` with ${JSON.stringify(p.parameters)}\n\n\`\`\`text\n${p.plan.join('\n')}\n\`\`\``,
    )
    .join('\n\n');
  const each = Math.max(1, Math.round(duration / ROUNDS));
  const drafts = draftCount(examples);
  const trial =
    examples < FULL_EXAMPLES
      ? `\n**Trial run, not yet measured at ${FULL_EXAMPLES.toLocaleString('en')} examples**: ${examples.toLocaleString('en')} examples and \`--duration ${duration}\` (${ROUNDS} rounds of ${Math.max(1, Math.round(duration / ROUNDS))} s per caller); it shows the part works, its figures are not the measurement. The measurement: \`npm run bench -- --only drafts\`.\n`
      : '';
  const section = `<!-- bench-drafts:start -->
## What the drafts' status condition costs on cold reads (\`npm run bench -- --only drafts\`)
${trial}
Run on ${new Date().toISOString().slice(0, 10)}: ${machine()}; load average ${loads(loadAtStart)} when the run began, ${loads(os.loadavg())} at its end.
Catalogue: ${examples.toLocaleString('en')} generated examples, 1,000 categories, of which ${drafts.toLocaleString('en')} are drafts (one in ${DRAFT_EVERY}, in every category: \`scripts/bench/generate.ts\`); the API server with \`NODE_ENV=production\`. autocannon, ${CONNECTIONS} connections.

Every request is \`GET /api/examples\` with filters not asked before on this server, as in the API section's cold rows (one of the 1,000 categories with its subcategories, a two-word search half of the time, a difficulty 60% of the time, a page size from 1 to 100), so it runs its page and total queries. All callers draw from one seeded list, shared with the API part's cold rows when both run, so no query and no filter's total is asked twice: **no row is a cache hit**; "cache hits" counts the answers that came from the visitors' cache (\`x-catalogue-cache: hit\`), and the service's cache of a filter's total is keyed by the filter, status included, so it misses too. The callers:

- **visitor**: no credentials; the list and its total carry \`status = 'published'\`.
- **editor, status=all**: the bench's superadmin, an editor (\`catalogue:write\`, as every admin), asking \`&status=all\`: no status condition, drafts included. Without a status filter an editor's list carries \`status = 'published'\` too (it shows what learners see), so \`status=all\` is the read without the condition.
- **editor, status=published**: the same editor asking \`&status=published\`: the visitor's condition on the editor's path. It differs from the row above in the status condition alone; **this pair is the condition's cost**.

Visitor against editor is not like with like beyond the condition: the editor's bearer token is checked on every request (its signature, then the user, the session and the groups read from the database); the editor's rows carry the caller's marks (liked, solved, how, review due: sub-queries per row) and their status; the visitor's answer is stored in the visitors' cache with an ETag (a SHA-1 of the body), for a later visitor: each is a miss, and an editor's answer is never stored. Hence the control row.

Each caller: a 1 s warm-up, then ${ROUNDS} rounds of ${each} s in alternating order (${DRAFT_CALLERS.map((c) => c.caller).join('; ')}; then backwards; ...); req/s, p50 and p99 are the medians of the rounds, and the ratios are of those medians against the row "${base}" of the same engine.
${skipped.length ? `\nSkipped: ${skipped.join('; ')}.\n` : ''}
${table}

The drafts are there to skip: ${totalsLine}.

**Plans** of one list request's page and total queries (\`${plans[0]?.request ?? ''}\`, a category with its subcategories and a difficulty, as the visitor asks it; the editor adds \`&status=all\`), read through the examples service with no cache after the measurement, on the same database (SQLite with the statistics the server gathered at start-up): EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) on PostgreSQL. The editor's are read without a signed-in viewer, so its page has no marks columns (look-ups by the caller and the row's id, which do not change how the rows are found).

${plansText}

Reproduce: \`npm run bench -- --only drafts\` (options: \`--examples 100000 --duration 8 --engines sqlite,postgres\`; with no \`--only\` it runs with the other parts, on the API part's catalogue and server).
<!-- bench-drafts:end -->`;
  return { section, table, plansText };
}
