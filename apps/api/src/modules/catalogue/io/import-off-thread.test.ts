import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import {
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../../../../test/helpers/server-process';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../../test/helpers/test-db';
import { userWithRole, type TestUser } from '../../../../test/helpers/users';
import {
  NUL_MESSAGE as NUL,
  SURROGATE_MESSAGE as SURROGATE,
} from '../../../lib/input-guard.checks';
import { MathCheckPool } from './math-check.pool';

/**
 * A hostile field just under the 50,000-character limit: thousands of unclosed `\(` (each one made
 * the old checker scan to the end of the text) and a few hundred expressions KaTeX must typeset,
 * each different (the maths thread remembers the verdict on an expression it has seen).
 */
const hostileField = (i: number) =>
  `Record ${i}: ` +
  '\\( '.repeat(10_000) +
  Array.from(
    { length: 200 },
    (_, k) => `so $\\frac{x^2+${i * 200 + k}}{y_i} = \\sqrt{z}$ and `,
  ).join('');

const RECORDS = 80;

/** About 390 characters of prose and one expression KaTeX must typeset (a short record). */
const plainField = (i: number) =>
  `Record ${i}: ` +
  'A rectangle has sides a and b; its area is their product and its perimeter twice their sum. '.repeat(
    4,
  ) +
  '$A = ab$.';

/** Many small records, as a real dataset has: they are what makes parsing a body slow. */
const BIG_VALID = 60_000;
const BIG_HOSTILE = 20;

let env: TestEnv | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  if (server && server.proc.exitCode === null) {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  await env?.cleanup();
  server = undefined;
  env = undefined;
});

/** A spawned server (the real entry, as `npm start` runs it) and a superadmin's auth header. */
async function startServer() {
  env = await createTestEnv();
  const email = 'importer@example.com';
  const password = 'Fixture-Secret-91';
  server = spawnServer({
    ...env.env,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    SUPERADMIN_EMAIL: email,
    SUPERADMIN_PASSWORD: password,
  });
  await waitForHealth(server, 30_000);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  return {
    base: server.url,
    auth: { authorization: `Bearer ${(await login.json()).data.idToken}` },
  };
}

/**
 * Polls GET /api/health 25 ms apart from a process of its own until told to stop, then prints every
 * poll's latency: this test process's own work (building and sending 30 MB, its garbage
 * collection) then cannot delay a poll and be blamed on the server.
 */
const POLLER = `
const url = process.argv[1];
const latencies = [];
let stop = false;
process.stdin.on('data', () => (stop = true));
while (!stop) {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) latencies.push(-res.status);
  else latencies.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 25));
}
process.stdout.write(JSON.stringify(latencies));
process.exit(0);
`;

/**
 * Sends `body` to POST /api/admin/import while GET /api/health is polled (25 ms apart) until the
 * import answers; returns the import's response, how long it took and every poll's latency.
 */
async function importWhilePolling(base: string, auth: Record<string, string>, body: string) {
  const poller = spawn(
    process.execPath,
    ['--input-type=module', '-e', POLLER, `${base}/api/health`],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let printed = '';
  poller.stdout.on('data', (d) => (printed += d));
  const pollerExited = new Promise((resolve) => poller.on('exit', resolve));
  await new Promise((r) => setTimeout(r, 300)); // the poller is up and polling
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });
  const took = performance.now() - started;
  poller.stdin.write('stop\n');
  await pollerExited;
  const latencies = JSON.parse(printed) as number[];
  expect(latencies.filter((l) => l < 0)).toEqual([]); // every poll answered 200
  const sorted = [...latencies].sort((a, b) => a - b);
  const stats = {
    polls: sorted.length,
    median: sorted[sorted.length >> 1]!,
    p95: sorted[Math.floor(sorted.length * 0.95)]!,
    p99: sorted[Math.floor(sorted.length * 0.99)]!,
    max: sorted.at(-1)!,
  };
  console.info(
    `import ${Math.round(took)} ms, body ${(body.length / 1e6).toFixed(1)} MB; ${stats.polls} health polls: median ${stats.median.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, slowest ${stats.max.toFixed(1)} ms`,
  );
  return { response, took, stats };
}

const UNCLOSED = [
  'question: maths does not render: \\( (Opening \\( without a matching closing delimiter)',
];

/**
 * The longest a health poll may wait while an import runs. What these tests guard is that the
 * import's CPU work (decoding, parsing, validating and checking the maths of every record) is not
 * on the event loop: there it holds the loop for seconds (the maths of these records alone). Turns
 * that belong on the loop (a database statement, the SQLite COMMIT that syncs tens of MB of
 * write-ahead log, a CPU taken by another process) are far shorter, but how much shorter depends on
 * the machine's disk and load (the COMMIT alone took 320-360 ms on one quiet CI machine, and polls
 * up to 571 ms on a loaded one), so the bound is generous and the milliseconds are measured by
 * `scripts/measure-import-stall.ts`, not asserted here.
 */
const STALL_BOUND_MS = 2_000;

describe(`import maths checking off the event loop on ${engineUnderTest}`, () => {
  it(
    `answers every GET /api/health poll within ${STALL_BOUND_MS} ms while a ${RECORDS}-record, ~3 MB import of unclosed delimiters is checked over HTTP, and the import still refuses every record`,
    { timeout: 120_000 },
    async () => {
      // The real server entry as its own process (node --import tsx, as `npm start` runs it), so
      // the polls measure its event loop, not this test's.
      const { base, auth } = await startServer();
      const records = Array.from({ length: RECORDS }, (_, i) => ({
        source_id: `hostile/${i}`,
        subject: 'Algebra',
        level: 2,
        question: hostileField(i),
        answer: '1',
      }));
      // A first small import starts the checker thread (its start-up compiles the checker, CPU that
      // a loaded two-core machine would otherwise take from the server during the measurement).
      const warm = await fetch(`${base}/api/admin/import`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ dryRun: true, data: [{ ...records[0], question: '$x$' }] }),
      });
      expect(warm.status).toBe(200);
      const body = JSON.stringify({ dryRun: false, data: records });
      expect(body.length).toBeGreaterThan(2_500_000);

      const { response, took, stats } = await importWhilePolling(base, auth, body);

      expect(response.status).toBe(200);
      const report = (await response.json()).data;
      expect(report).toMatchObject({ total: RECORDS, imported: 0, failed: RECORDS });
      expect(report.failures[0].problems).toEqual([
        ...Array(5).fill(UNCLOSED[0]),
        'question: 9995 more maths problems',
      ]);
      // The import took long enough for many polls, and none waited on the event loop: checking
      // these records on it takes seconds (17 s for 150 KB with the old splitter).
      expect(stats.max).toBeLessThan(STALL_BOUND_MS);
      expect(took).toBeGreaterThan(300);
      expect(stats.polls).toBeGreaterThanOrEqual(8);
    },
  );

  it(
    `answers every GET /api/health poll (from a process of its own, 25 ms apart) within ${STALL_BOUND_MS} ms while a 33 MB (just under the 32 MiB limit) import of ${BIG_VALID} small records and ${BIG_HOSTILE} of unclosed delimiters is decoded, parsed, guarded, validated, checked and parsed on the worker thread, written and committed, and imports ${BIG_VALID} and refuses ${BIG_HOSTILE}`,
    { timeout: 300_000 },
    async () => {
      const { base, auth } = await startServer();
      const warm = await fetch(`${base}/api/admin/import`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          dryRun: true,
          data: [{ subject: 'A', level: 1, question: '$x$', answer: '1' }],
        }),
      });
      expect(warm.status).toBe(200);
      const records = [
        ...Array.from({ length: BIG_VALID }, (_, i) => ({
          source_id: `plain/${i}`,
          subject: i % 2 ? 'Algebra' : 'Geometry',
          level: 1 + (i % 5),
          question: plainField(i),
          answer: `${i}`,
          procedure: `Since $x_${i} = ${i}$, the answer is $${i}$.`,
        })),
        ...Array.from({ length: BIG_HOSTILE }, (_, i) => ({
          source_id: `hostile/${i}`,
          subject: 'Algebra',
          level: 2,
          question: hostileField(i),
          answer: '1',
        })),
      ];
      const body = JSON.stringify({ dryRun: false, data: records });
      expect(body.length).toBeGreaterThan(29_000_000);
      expect(body.length).toBeLessThan(32 * 1024 * 1024);

      const { response, stats } = await importWhilePolling(base, auth, body);

      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.data).toMatchObject({
        dryRun: false,
        format: 'math-dataset',
        total: BIG_VALID + BIG_HOSTILE,
        imported: BIG_VALID,
        duplicates: 0,
        failed: BIG_HOSTILE,
        created: { subjects: 2, categories: 2, difficulties: 4, types: 1 },
      });
      expect(answer.data.failures).toHaveLength(BIG_HOSTILE);
      expect(answer.data.failures[0]).toEqual({
        index: BIG_VALID,
        ref: 'hostile/0',
        problems: [...Array(5).fill(UNCLOSED[0]), 'question: 9995 more maths problems'],
      });
      // The import is in the database: a visitor's list counts every record.
      const list = await fetch(`${base}/api/examples?limit=1`);
      expect((await list.json()).data.total).toBe(BIG_VALID);
      // With the body parsed, guarded and validated on the event loop (as before), one poll here
      // waited 392 ms (this test failed). Now the event loop's longest turn is a database statement,
      // one part of the prepared file (tens of ms) or, on SQLite, the COMMIT, which syncs the
      // write-ahead log; the checkpoint that copies the log into the database file runs on a thread
      // of its own (with it inside the COMMIT, that one turn was about twice as long). Polls of
      // 100-160 ms were traced to moments when the server had nothing to do (it waited for a CPU on
      // a loaded two-core machine). Such milliseconds are measured, not asserted (STALL_BOUND_MS):
      // checking the 60,000 records' maths on the event loop would hold it for seconds.
      expect(stats.polls).toBeGreaterThanOrEqual(100);
      expect(stats.max).toBeLessThan(STALL_BOUND_MS);
    },
  );
});

describe(`POST /api/admin/import refusals over real HTTP on ${engineUnderTest}`, () => {
  let refusalEnv: TestEnv;
  let app: FastifyInstance;
  let admin: TestUser;
  let base: string;
  beforeAll(async () => {
    refusalEnv = await createTestEnv();
    app = await buildApp(refusalEnv.config, { logger: false });
    admin = await userWithRole(app, 'admin');
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await refusalEnv.cleanup();
  });

  const notUtf8 = new Uint8Array(
    Buffer.concat([
      Buffer.from('{"dryRun":true,"data":[{"question":"a'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}]}'),
    ]),
  ).buffer;
  const validation = (message: string, fields?: Record<string, string>) => ({
    status: 400,
    body: { success: false, code: 'ValidationError', message, ...(fields ? { fields } : {}) },
  });
  // Each answer as recorded from the server before the body moved to the worker thread (parsed,
  // guarded and validated on the event loop).
  const CASES: [string, string | ArrayBuffer | undefined, string | undefined, unknown][] = [
    [
      'an empty body',
      '',
      'application/json',
      validation('The request body is empty; send a JSON object.'),
    ],
    [
      'a body that is not JSON',
      '{"dryRun": true, "data": [',
      'application/json',
      validation('The request body is not valid JSON.'),
    ],
    [
      'a body that is not UTF-8',
      notUtf8,
      'application/json',
      validation('The request body is not valid UTF-8.'),
    ],
    [
      'a lone surrogate',
      '{"dryRun":true,"data":[{"question":"x\\ud800"}]}',
      'application/json',
      validation(SURROGATE),
    ],
    [
      'a NUL character',
      '{"dryRun":true,"data":[{"question":"x\\u0000y"}]}',
      'application/json',
      validation(NUL),
    ],
    [
      'a __proto__ key',
      '{"dryRun":true,"data":[{"__proto__":{"admin":true}}]}',
      'application/json',
      validation('The request body is not valid JSON.'),
    ],
    [
      'a constructor.prototype key',
      '{"dryRun":true,"data":{"constructor":{"prototype":{"x":1}}}}',
      'application/json',
      validation('The request body is not valid JSON.'),
    ],
    [
      'no dryRun',
      '{"data":[]}',
      'application/json',
      validation('Invalid body: dryRun: Invalid input: expected boolean, received undefined', {
        dryRun: 'Invalid input: expected boolean, received undefined',
      }),
    ],
    [
      'wrong types and an extra key',
      '{"dryRun":"yes","data":5,"extra":1}',
      'application/json',
      validation(
        'Invalid body: dryRun: Invalid input: expected boolean, received string; data: Invalid input; Unrecognized key: "extra"',
        { dryRun: 'Invalid input: expected boolean, received string', data: 'Invalid input' },
      ),
    ],
    [
      'a JSON array',
      '[1,2]',
      'application/json',
      validation('Invalid body: Invalid input: expected object, received array'),
    ],
    [
      'JSON null',
      'null',
      'application/json',
      validation('Invalid body: Invalid input: expected object, received null'),
    ],
    [
      'no body and no content type',
      undefined,
      undefined,
      validation('Invalid body: Invalid input: expected object, received null'),
    ],
    [
      'neither format',
      '{"dryRun":true,"data":{"nope":true}}',
      'application/json',
      validation(
        'Not a file this importer knows: expected an Exemplar catalogue export or an array of MATH records.',
      ),
    ],
    [
      'no records',
      '{"dryRun":true,"data":[]}',
      'application/json',
      validation('The file holds no records.'),
    ],
    [
      'an unknown format',
      '{"dryRun":true,"data":{"format":"other","examples":[]}}',
      'application/json',
      validation('Unknown format "other".'),
    ],
    [
      'a malformed catalogue',
      '{"dryRun":true,"data":{"subjects":"x","examples":[]}}',
      'application/json',
      validation('The catalogue file is malformed: "subjects" must be a list'),
    ],
    [
      'text/plain',
      '{"dryRun":true,"data":[]}',
      'text/plain',
      {
        status: 415,
        body: {
          success: false,
          code: 'UnsupportedMediaType',
          message: 'Unsupported content type; send application/json.',
        },
      },
    ],
  ];

  it('refuses every bad body with the status, code, message and fields it got when the event loop parsed it, and writes nothing', async () => {
    const count = async () =>
      (await app.database.db.selectFrom('examples').select('id').execute()).length;
    const before = await count();
    for (const [what, body, type, expected] of CASES) {
      const res = await fetch(`${base}/api/admin/import`, {
        method: 'POST',
        headers: { ...admin.auth, ...(type ? { 'content-type': type } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
      expect({ status: res.status, body: await res.json() }, what).toEqual(expected);
    }
    expect(await count()).toBe(before);
  });

  it('answers 413 "The request body is too large." to a body over 32 MiB, and a BOM before the JSON is dropped as before', async () => {
    const big = await fetch(`${base}/api/admin/import`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: `{"dryRun":true,"data":["${'x'.repeat(32 * 1024 * 1024)}"]}`,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      success: false,
      code: 'PayloadTooLarge',
      message: 'The request body is too large.',
    });
    const bom = await fetch(`${base}/api/admin/import`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: '\ufeff{"dryRun":true,"data":[{"subject":"A","level":1,"question":"Q","answer":"1"}]}',
    });
    expect(bom.status).toBe(200);
    expect((await bom.json()).message).toBe('Dry run: 1 to import, 0 already there, 0 refused.');
  });
});

describe('MathCheckPool', () => {
  it('ends a check that runs past its time limit with 503, and checks the next batch on a fresh thread', async () => {
    const pool = new MathCheckPool();
    try {
      await pool.check(['$x$']); // the thread is up: the limit below stops the checking itself
      const heavy = Array.from({ length: 100 }, (_, i) => hostileField(i));
      await expect(pool.check(heavy, { timeoutMs: 200 })).rejects.toMatchObject({
        statusCode: 503,
        message: expect.stringMatching(/^Checking the maths took longer than/),
      });
      const [clean, broken] = await pool.check(['$x^2$', 'a \\( b']);
      expect(clean).toEqual({ issues: [], total: 0 });
      expect(broken).toMatchObject({ total: 1, issues: [{ kind: 'unbalanced', source: '\\(' }] });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
