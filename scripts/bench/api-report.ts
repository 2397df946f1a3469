// What `npm run bench` writes: its sections of docs/benchmarks.md (the API's tables here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ColdRow, Row, SignedInRow } from './engine';
import { CONNECTIONS, ROUNDS } from './load';
import { root } from './processes';

const doc = path.join(root, 'docs/benchmarks.md');
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

Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}.
Catalogue: ${examples.toLocaleString('en')} generated examples, 1,000 categories. autocannon, ${CONNECTIONS} connections, ${duration} s per measurement (${ROUNDS} rounds) after a 1 s warm-up.
The ceiling is a bare Fastify route sending the exact bytes the endpoint returned (its body and its headers: security headers, content type, request id), measured in the same run; ratio = req/s ÷ ceiling req/s. The body-only ceiling sends the same body with only a content type, for comparison (it shows what the security headers cost on small payloads). Endpoint and ceilings are measured in ${ROUNDS} alternating rounds each and the median is reported. Targets: ≥ 50% on SQLite, ≥ 35% on PostgreSQL, p99 ≤ 25 ms.
${skipped.length ? `\nSkipped: ${skipped.join('; ')}.\n` : ''}
${table}

**Every row above is a cache hit** after the first request: the same URL is asked again and again, so the API answers from the visitors' cache (kept per query and catalogue version). These rows measure the HTTP path and the cache, not the database.

Signed in (a bearer token), the same URLs again. **Also cache hits for the page**: a signed-in caller's page is the visitors' page for that query (kept per query and catalogue version) plus the caller's liked and solved marks for its rows, which one indexed query reads fresh on every request. A position is kept the same way and carries no marks: its signed-in row is a cache hit in the examples service. Cold position queries: \`scripts/bench/positions.ts\` (below). No target; ${duration} s each, one run:

${signedInTable}

**Cold** (no cache hit): every request is \`GET /api/examples\` with filters not asked before in the run: one of the 1,000 categories, a two-word search half of the time, a difficulty 60% of the time and a page size from 1 to 100, drawn without repeats from a seeded list, so each request runs its page and total queries. Visitors, then signed in (with the caller's marks). No target; ${duration} s each after a 1 s warm-up, one run:

${coldTable}

Import of the MATH public sample: ${importLine}.

Reproduce: \`npm run bench\` (options: \`-- --examples 100000 --duration 8 --engines sqlite,postgres\`).
<!-- bench:end -->`;
  return { section, table, signedInTable, coldTable };
}
