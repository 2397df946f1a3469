// `node --import tsx scripts/architecture-report.ts`: the structural figures that
// docs/architecture.md promises to hold, measured on the files git tracks:
//   - source files over 300 lines (tests, e2e and test support excluded), the ten largest listed;
//   - API source files that build SQL outside repositories, db/ and migrations;
//   - pairs of API modules, and of web features, that import each other.
// Prints a Markdown report; exits 1 when SQL is built outside repositories or a pair imports both
// ways (the lint rules should already have said so).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((f) => /\.(?:ts|tsx|mjs)$/.test(f) && fs.existsSync(path.join(root, f)));

const isTest = (f: string) => /\.test\.|\.e2e\.|\/e2e\/|\/test\/|\/test-support\//.test(f);
const lines = (f: string) => fs.readFileSync(path.join(root, f), 'utf8').split('\n').length - 1;

const sources = files.filter((f) => !isTest(f));
const sized = sources.map((f) => ({ f, n: lines(f) })).sort((a, b) => b.n - a.n);
const over = sized.filter((s) => s.n > 300);

const QUERY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\s*\(|\bsql(?:<[^>]*>)?`/;
const sqlOutside = sources.filter(
  (f) =>
    f.startsWith('apps/api/src/') &&
    !f.endsWith('.repository.ts') &&
    !f.startsWith('apps/api/src/db/') &&
    QUERY.test(fs.readFileSync(path.join(root, f), 'utf8')),
);

/** Which `group` each file of `dir` imports (relative imports, resolved; the tree has no aliases). */
function groupEdges(dir: string): Set<string> {
  const edges = new Set<string>();
  for (const f of sources.filter((s) => s.startsWith(dir))) {
    const from = f.slice(dir.length).split('/')[0]!;
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(f), spec);
      if (!target.startsWith(dir)) continue;
      const to = target.slice(dir.length).split('/')[0]!;
      if (to !== from) edges.add(`${from} → ${to}`);
    }
  }
  return edges;
}

function twoWay(edges: Set<string>): string[] {
  return [...edges]
    .map((e) => e.split(' → ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} → ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);
}

const apiEdges = groupEdges('apps/api/src/modules/');
const webEdges = groupEdges('apps/web/src/features/');
const cycles = [...twoWay(apiEdges), ...twoWay(webEdges)];

const out = [
  `Source files (tests excluded): ${sources.length}; over 300 lines: ${over.length}`,
  '',
  '| lines | file |',
  '| ---: | --- |',
  ...sized.slice(0, 10).map((s) => `| ${s.n} | ${s.f} |`),
  '',
  `API files building SQL outside repositories and db/: ${sqlOutside.length}${sqlOutside.length ? ` (${sqlOutside.join(', ')})` : ''}`,
  `API module imports: ${[...apiEdges].sort().join(', ') || 'none'}`,
  `Web feature imports of other features: ${[...webEdges].sort().join(', ') || 'none'}`,
  `Two-way module imports: ${cycles.length}${cycles.length ? ` (${cycles.join(', ')})` : ''}`,
];
console.log(out.join('\n'));
process.exitCode = sqlOutside.length || cycles.length ? 1 : 0;
