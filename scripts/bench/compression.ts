// `npm run bench -- --only compression`: what compression costs and saves on the examples page's
// requests (docs/decisions/015-compression.md). One server (SQLite, the demo catalogue, whose
// examples are real worked examples with LaTeX), each request asked with no Accept-Encoding, with
// gzip and with br.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { httpBytes } from '../../apps/api/test/helpers/http';
import { cpuMs } from './processes';

interface Measured {
  total: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface CompressionBenchTools {
  root: string;
  duration: number;
  freePort(): Promise<number>;
  spawnNode(args: string[], env: Record<string, string>): ChildProcess;
  waitFor(url: string): Promise<void>;
  stop(child: ChildProcess): Promise<void>;
  run(url: string, duration: number, headers?: Record<string, string>): Promise<Measured>;
  runCold(
    base: string,
    queries: { list: string[]; next: number },
    duration: number,
    headers?: Record<string, string>,
  ): Promise<Omit<Measured, 'total'> & { requests: number }>;
}

/** No search, or one of these words, in the cold lists. */
const SEARCHES = [
  '',
  'function',
  'triangle',
  'prove',
  'integral',
  'prime',
  'equation',
  'limit',
  'matrix',
  'probability',
  'sum',
];

const ENCODINGS = [
  ['none', {}],
  ['gzip', { 'accept-encoding': 'gzip' }],
  ['br', { 'accept-encoding': 'br' }],
] as const;

const perRequest = (ms: number | undefined, requests: number) =>
  ms === undefined || !requests ? '—' : `${Math.round((ms * 1000) / requests)}`;

/** The bytes of one answer's body as sent (not decoded) and its Content-Encoding. */
async function wireBytes(url: string, headers: Record<string, string>) {
  const res = await httpBytes(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { bytes: res.bytes.length, encoding: String(res.headers['content-encoding'] ?? 'none') };
}

export async function benchCompression(t: CompressionBenchTools): Promise<string> {
  const log = (...a: unknown[]) => console.error('[bench compression]', ...a);
  const user = { email: 'bench@example.com', password: 'Measure-Everything-77' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-bench-compression-'));
  const port = await t.freePort();
  const server = t.spawnNode(['apps/api/src/server.ts'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SUPERADMIN_EMAIL: user.email,
    SUPERADMIN_PASSWORD: user.password,
  });
  const base = `http://127.0.0.1:${port}`;
  const rows: string[] = [];
  try {
    await t.waitFor(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    const { data } = (await login.json()) as { data: { idToken: string } };
    const signedIn = { authorization: `Bearer ${data.idToken}` };
    const manifest = JSON.parse(
      fs.readFileSync(path.join(t.root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    const entry = manifest['index.html']!;

    // The examples page's first request (20 examples, no filter), as the page sends it.
    const list = '/api/examples?limit=20';
    const cases: [string, string, string, Record<string, string>][] = [
      [`GET ${list}`, 'visitor: cache hit', list, {}],
      [
        `GET ${list}`,
        'signed in: page cached, marks read, answer compressed per request',
        list,
        signedIn,
      ],
      [
        `GET /${entry.file} (main script)`,
        'file on disk, compressed at build',
        `/${entry.file}`,
        {},
      ],
      [
        `GET /${entry.css![0]} (main stylesheet)`,
        'file on disk, compressed at build',
        `/${entry.css![0]}`,
        {},
      ],
    ];
    const ROUNDS = 3;
    const each = Math.max(1, Math.round(t.duration / ROUNDS));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const [what, kind, p, headers] of cases) {
      const asked = ENCODINGS.map(([name, accept]) => ({ name, all: { ...headers, ...accept } }));
      const bytes: number[] = [];
      for (const { name, all } of asked) {
        const sent = await wireBytes(`${base}${p}`, all);
        if (sent.encoding !== name) throw new Error(`${p} with ${name} came back ${sent.encoding}`);
        bytes.push(sent.bytes);
        await t.run(`${base}${p}`, 1, all); // warm-up
      }
      // Alternating rounds (none, gzip, br, none, ...), so load from elsewhere hits all alike.
      log(what);
      const results = asked.map(() => [] as Measured[]);
      const cpu = asked.map(() => 0 as number | undefined);
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, { all }] of asked.entries()) {
          const before = cpuMs(server.pid);
          results[i]!.push(await t.run(`${base}${p}`, each, all));
          const after = cpuMs(server.pid);
          cpu[i] =
            before === undefined || after === undefined ? undefined : cpu[i]! + after - before;
        }
      for (const [i, { name }] of asked.entries()) {
        const r = results[i]!;
        rows.push(
          `| ${what} | ${kind} | ${name} | ${bytes[i]!.toLocaleString('en')} | ${perRequest(
            cpu[i],
            r.reduce((n, x) => n + x.total, 0),
          )} | ${Math.round(median(r.map((x) => x.rps)))} | ${median(r.map((x) => x.p50))} | ${median(r.map((x) => x.p99))} | ${r.reduce((n, x) => n + x.errors, 0)} |`,
        );
      }
    }

    // Cold: every request a list the server has not seen (a page size from 1 to 100 with each
    // difficulty, type and subject, with no search or a search for one of ten words), so each
    // one runs its queries, is serialised, and is compressed once.
    const ids = async (p: string, key: string) =>
      (
        (
          (await (await fetch(`${base}/api${p}`)).json()) as {
            data: Record<string, { id: number }[]>;
          }
        ).data[key] ?? []
      ).map((x) => x.id);
    const difficulties = await ids('/difficulties', 'difficulties');
    const types = await ids('/types', 'types');
    const subjects = await ids('/subjects', 'subjects');
    const coldList: string[] = [];
    for (const d of [undefined, ...difficulties])
      for (const ty of [undefined, ...types])
        for (const s of [undefined, ...subjects])
          for (const q of SEARCHES)
            for (let limit = 1; limit <= 100; limit++)
              coldList.push(
                `/api/examples?limit=${limit}${d ? `&difficultyId=${d}` : ''}${ty ? `&typeId=${ty}` : ''}${s ? `&subjectId=${s}` : ''}${q ? `&q=${q}` : ''}`,
              );
    // Shuffled with a fixed seed, then split between the three encodings: no list repeats.
    let seed = 7;
    for (let i = coldList.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const j = seed % (i + 1);
      [coldList[i], coldList[j]] = [coldList[j]!, coldList[i]!];
    }
    const cold = { list: coldList, next: 0 };
    for (const [name, accept] of ENCODINGS) {
      log(`cold ${name}`);
      const before = cpuMs(server.pid);
      const r = await t.runCold(base, cold, Math.max(1, Math.round(t.duration / 2)), accept);
      const after = cpuMs(server.pid);
      const cpu = before === undefined || after === undefined ? undefined : after - before;
      rows.push(
        `| \`GET /api/examples\` (${r.requests} distinct lists) | cold: no cache hit | ${name} | — | ${perRequest(cpu, r.requests)} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
      );
    }
  } finally {
    await t.stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return `<!-- bench-compression:start -->
## Compression on the examples page (\`npm run bench -- --only compression\`)

Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs, Node ${process.version}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' / ',
    )}. SQLite, demo catalogue, \`NODE_ENV=production\`; autocannon, 10 connections; each request's three encodings measured in 3 alternating rounds of ${Math.max(1, Math.round(t.duration / 3))} s after a 1 s warm-up, medians reported; cold rows one run of ${Math.max(1, Math.round(t.duration / 2))} s each, one after the other. "bytes" is the body as sent (compressed when an encoding is named). API answers: brotli quality 5 for cached answers (made once per answer and encoding), 4 when compressed per request, gzip level 6; files: brotli 11 and gzip 9, made at build time. Server CPU per request is the server process's user + system time (all threads, from /proc) over the requests of its rounds: unlike req/s and latency, which depend on what else runs on the machine, it shows what an encoding costs the server.

| request | what answers it | Accept-Encoding | bytes | server CPU µs/request | req/s | p50 ms | p99 ms | errors |
|---|---|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
<!-- bench-compression:end -->`;
}
