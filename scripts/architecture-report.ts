// `node --import tsx scripts/architecture-report.ts`: the structural figures that
// docs/architecture.md promises to hold, measured on the files git tracks:
//   - source files over 300 lines (tests, test support, .d.ts excluded), the ten largest listed;
//   - API source files that build SQL outside repositories, db/ and migrations;
//   - the imports between API modules, and between web features, and any cycle among them (two
//     modules importing each other, or a longer loop), every import counted; the same between the
//     folders of apps/api/src/modules (modules/catalogue, a folder of modules, counts as one);
//   - cycles of files importing each other at run time (a type-only import is erased by
//     TypeScript and not counted), anywhere in the source;
//   - imports that reach inside an API module from outside it instead of through its face (its
//     index.ts), tests and scripts included, and faces that hand on a repository or `export *`;
//   - the API's layers: engines/, lib/ and db/ import no module and no plugin, a module never imports
//     plugins/app or app.ts (which compose the modules);
//   - the file paths docs/*.md and docs/decisions/*.md cite in backticks: each names a file or
//     folder of the tree, whole or by its last parts (`guards.ts`, `io/parse.ts`), or one git
//     ignores (a build's output).
// Prints a Markdown report and exits 1 when any rule is broken. With `--check` (npm run lint) it
// prints only what is broken, or one line saying all holds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const checkOnly = process.argv.includes('--check');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((f) => /\.(?:ts|tsx|mts|mjs)$/.test(f) && fs.existsSync(path.join(root, f)));
const fileSet = new Set(files);
const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));

const isTest = (f: string) => /\.test\.|\.e2e\.|\/e2e\/|\/test\/|\/test-support\//.test(f);
const lines = (f: string) => texts.get(f)!.split('\n').length - 1;

const sources = files.filter((f) => !isTest(f));
const sized = sources.map((f) => ({ f, n: lines(f) })).sort((a, b) => b.n - a.n);
const over = sized.filter((s) => s.n > 300 && !s.f.endsWith('.d.ts') && !s.f.endsWith('.d.mts'));

const QUERY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\s*\(|\bsql(?:<[^>]*>)?`/;
const sqlOutside = sources.filter(
  (f) =>
    f.startsWith('apps/api/src/') &&
    !f.endsWith('.repository.ts') &&
    !f.startsWith('apps/api/src/db/') &&
    QUERY.test(texts.get(f)!),
);

/* ---- Imports, resolved to the files they name ---- */

interface Import {
  from: string;
  spec: string;
  /** The file it names, or the path it names when no file of the tree is there. */
  to: string;
  /** Erased at run time: `import type`, or every name imported `type`. */
  typeOnly: boolean;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];
function resolve(from: string, spec: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fileSet.has(candidate)) return candidate;
    // `./x.js` names x.ts, as TypeScript's resolution allows.
    const ts = candidate.replace(/\.m?js$/, (js) => (js === '.mjs' ? '.mts' : '.ts'));
    if (ts !== candidate && fileSet.has(ts)) return ts;
  }
  return base;
}

const IMPORT =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'|\bimport\s*\(\s*'([^']+)'\s*\)|(?:^|[\n;])\s*import\s+'([^']+)'/g;
function importsOf(f: string): Import[] {
  const found: Import[] = [];
  for (const m of texts.get(f)!.matchAll(IMPORT)) {
    const spec = m[4] ?? m[5] ?? m[6]!;
    if (!spec.startsWith('.')) continue;
    const names = m[3] ?? '';
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    const typeOnly =
      !!m[2] ||
      (!!braced &&
        braced[1]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .every((n) => n.startsWith('type ')) &&
        braced[1]!.trim() !== '');
    found.push({ from: f, spec, to: resolve(f, spec), typeOnly });
  }
  return found;
}
const imports = files.flatMap(importsOf);

/* ---- The API's modules: a folder with an index.ts (its face); a folder without one groups them ---- */

const MODULES = 'apps/api/src/modules/';
/** The module folder `p` lies in (a file, or a folder named by an import), or null. */
function moduleOf(p: string): string | null {
  if (!p.startsWith(MODULES)) return null;
  const parts = p.slice(MODULES.length).split('/');
  for (let i = 1; i <= parts.length; i++) {
    const dir = MODULES + parts.slice(0, i).join('/');
    if (fileSet.has(`${dir}/index.ts`)) return dir;
  }
  return null;
}
const moduleName = (dir: string) => dir.slice(MODULES.length);

/** Strongly connected groups of more than one node (Tarjan): every cycle of the graph. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

function addEdge(edges: Map<string, Set<string>>, a: string, b: string) {
  if (!edges.has(a)) edges.set(a, new Set());
  edges.get(a)!.add(b);
}

// Module to module, folder to folder of modules/ (a folder of modules counts as one), and web
// feature to feature: every import of the source counts.
const apiEdges = new Map<string, Set<string>>();
const folderEdges = new Map<string, Set<string>>();
const webEdges = new Map<string, Set<string>>();
const FEATURES = 'apps/web/src/features/';
const featureOf = (p: string) =>
  p.startsWith(FEATURES) ? p.slice(FEATURES.length).split('/')[0]! : null;
for (const i of imports.filter((i) => !isTest(i.from))) {
  const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
  if (a && b && a !== b) addEdge(apiEdges, moduleName(a), moduleName(b));
  const [fa, fb] = [a && moduleName(a).split('/')[0]!, b && moduleName(b).split('/')[0]!];
  if (fa && fb && fa !== fb) addEdge(folderEdges, `modules/${fa}`, `modules/${fb}`);
  const [x, y] = [featureOf(i.from), featureOf(i.to)];
  if (x && y && x !== y) addEdge(webEdges, x, y);
}
const listEdges = (edges: Map<string, Set<string>>) =>
  [...edges].flatMap(([a, bs]) => [...bs].map((b) => `${a} → ${b}`)).sort();
const groupCycles = [...cycles(apiEdges), ...cycles(folderEdges), ...cycles(webEdges)].map((c) =>
  c.join(' ↔ '),
);

// File to file, at run time.
const fileEdges = new Map<string, Set<string>>();
for (const i of imports) {
  if (!isTest(i.from) && !i.typeOnly && fileSet.has(i.to) && !isTest(i.to))
    addEdge(fileEdges, i.from, i.to);
}
const fileCycles = cycles(fileEdges).map((c) => c.join(' ↔ '));

// Faces: from outside a module only its folder (its index.ts) is imported; inside, never the face.
const bypasses: string[] = [];
const groupImports: string[] = [];
for (const i of imports) {
  const target = moduleOf(i.to);
  if (target === null) {
    if (i.to.startsWith(MODULES)) groupImports.push(`${i.from} imports '${i.spec}'`);
    continue;
  }
  const own = moduleOf(i.from);
  const face = i.to === `${target}/index.ts`;
  if (own !== target && !face) bypasses.push(`${i.from} imports '${i.spec}'`);
  if (own === target && face && !isTest(i.from) && !i.from.endsWith('/index.ts'))
    bypasses.push(`${i.from} imports its own module's face '${i.spec}'`);
}
const faces = files.filter((f) => f.startsWith(MODULES) && f.endsWith('/index.ts'));
const badFaces = faces.flatMap((f) => {
  const problems: string[] = [];
  if (/export\s*\*/.test(texts.get(f)!))
    problems.push(`${f}: \`export *\` (a face lists its names)`);
  for (const i of imports.filter((i) => i.from === f && i.to.endsWith('.repository.ts')))
    problems.push(`${f}: hands on '${i.spec}' (a face hands on services, not repositories)`);
  return problems;
});

// Layers of the API: engines, lib and db below the modules, plugins/app and app.ts above them.
const API = 'apps/api/src/';
const upward = imports
  .filter((i) => !isTest(i.from) && fileSet.has(i.to))
  .filter((i) => {
    const low = ['engines/', 'lib/', 'db/'].some((dir) => i.from.startsWith(API + dir));
    if (low) return i.to.startsWith(MODULES) || i.to.startsWith(`${API}plugins/`);
    if (i.from.startsWith(MODULES))
      return i.to.startsWith(`${API}plugins/app/`) || i.to === `${API}app.ts`;
    return false;
  })
  .map((i) => `${i.from} imports '${i.spec}'`);

/* ---- Paths the docs cite ---- */

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter(Boolean);
// Every file and folder of the tree, whole and by its last parts.
const citable = new Set<string>();
for (const f of tracked) {
  const parts = f.split('/');
  for (let end = 1; end <= parts.length; end++)
    for (let start = 0; start < end; start++) citable.add(parts.slice(start, end).join('/'));
}
const CITED_FILE = /^[\w@[\]/.-]*[\w\]-]\.(?:ts|tsx|mts|mjs|js|json|md|css|ya?ml|sh|html|sql)$/;
const docs = tracked.filter((f) => /^docs\/(?:decisions\/)?[^/]+\.md$/.test(f));
const cited = docs.flatMap((doc) =>
  [...fs.readFileSync(path.join(root, doc), 'utf8').matchAll(/`([^`\s]+)`/g)].map((m) => ({
    doc,
    cited: m[1]!.replace(/:\d[\d-]*$/, ''),
  })),
);
const candidates = cited.filter(
  ({ cited: p }) =>
    !/^(?:https?:|\.|\/)|[*{}<>$]/.test(p) && (CITED_FILE.test(p) || /^[^/]+\/.*\/$/.test(p)),
);
const unresolved = candidates.filter(({ cited: p }) => !citable.has(p.replace(/\/$/, '')));
const ignored = new Set(
  unresolved.length
    ? execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
        cwd: root,
        input: unresolved.map((u) => u.cited).join('\n'),
      })
        .toString()
        .split('\n')
    : [],
);
const missingPaths = unresolved
  .filter(({ cited: p }) => !ignored.has(p))
  .map(({ doc, cited: p }) => `${doc} cites \`${p}\``);

/* ---- The report ---- */

const broken: [string, string[]][] = [
  ['Source files over 300 lines (tests excluded)', over.map((s) => `${s.f}: ${s.n} lines`)],
  ['API files building SQL outside repositories and db/', sqlOutside],
  ['Cycles between API modules, folders of modules/ or web features', groupCycles],
  ['Cycles of files importing each other at run time', fileCycles],
  ['Imports reaching inside an API module instead of through its face (its index.ts)', bypasses],
  ['Imports of a folder that groups modules (it has no face)', groupImports],
  ['Faces that hand on more than names from services', badFaces],
  [
    'Imports against the layers (engines/, lib/ and db/ below the modules; plugins/app and app.ts above)',
    upward,
  ],
  ['Paths cited in docs/ that name no file or folder of the tree', missingPaths],
];
const problems = broken.filter(([, found]) => found.length > 0);
const section = ([title, found]: [string, string[]]) =>
  `${title}: ${found.length}${found.length ? `\n${found.map((x) => `  - ${x}`).join('\n')}` : ''}`;

if (checkOnly) {
  console.log(
    problems.length
      ? problems.map(section).join('\n')
      : `architecture: ${faces.length} module faces, ${fileEdges.size} files with run-time imports; no source file over 300 lines, no cycle, no face bypassed, SQL only in repositories; ${candidates.length} paths cited in docs/, each found.`,
  );
} else {
  const out = [
    `Source files (tests excluded): ${sources.length}; over 300 lines: ${over.length}`,
    '',
    '| lines | file |',
    '| ---: | --- |',
    ...sized.slice(0, 10).map((s) => `| ${s.n} | ${s.f} |`),
    '',
    `API modules (a face each): ${faces.map((f) => moduleName(path.posix.dirname(f))).join(', ')}`,
    `API module imports: ${listEdges(apiEdges).join(', ') || 'none'}`,
    `Web feature imports of other features: ${listEdges(webEdges).join(', ') || 'none'}`,
    ...broken.map(section),
  ];
  console.log(out.join('\n'));
}
process.exitCode = problems.length ? 1 : 0;
