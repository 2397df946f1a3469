import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { unclosedDelimitersField as hostileField } from '../../../../test/factories';
import { startSignedInServer } from '../../../../test/helpers/server-process';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../../test/helpers/test-db';
import { userWithRole, type TestUser } from '../../../../test/helpers/users';
import {
  NUL_MESSAGE as NUL,
  SURROGATE_MESSAGE as SURROGATE,
} from '../../../lib/input-guard.checks';
import { MathCheckPool } from './math-check.pool';

// Enough for seconds of the maths thread's CPU on a quiet machine, and a test that ends in time on
// a loaded one (80 records, ~3 MB, took 65 s beside a CPU hog at load 6; the tests' server gives
// an import's maths check 10 minutes, not the app's 60 s).
const RECORDS = 40;

const UNCLOSED = [
  'question: maths does not render: \\( (Opening \\( without a matching closing delimiter)',
];

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

// How long a health poll waits during an import is measured by `npm run test:perf`
// (import-off-thread.perf.test.ts, with a 33 MB import too); here, the order of events.
describe(`import maths checking off the event loop on ${engineUnderTest}`, () => {
  it(
    `answers GET /api/health polls while a ${RECORDS}-record, ~1.5 MB import of unclosed delimiters is checked over HTTP, before the import answers, and the import still refuses every record`,
    { timeout: 300_000 },
    async () => {
      // The real server entry as its own process (node --import tsx, as `npm start` runs it), so
      // the polls wait on its event loop, not this test's.
      const started = await startSignedInServer();
      stop = started.stop;
      const { base, auth } = started;
      const records = Array.from({ length: RECORDS }, (_, i) => ({
        source_id: `hostile/${i}`,
        subject: 'Algebra',
        level: 2,
        question: hostileField(i),
        answer: '1',
      }));
      const body = JSON.stringify({ dryRun: false, data: records });
      expect(body.length).toBeGreaterThan(1_250_000);

      // Polls one after another until the import answers. Checking these records' maths takes
      // seconds of CPU: on the event loop it would hold every poll until the import answered
      // (at most the few polls answered while the body is still arriving would come first).
      let importAnswered = false;
      const importing = fetch(`${base}/api/admin/import`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      }).finally(() => (importAnswered = true));
      let answeredDuring = 0;
      while (!importAnswered) {
        const poll = await fetch(`${base}/api/health`);
        expect(poll.status).toBe(200);
        await poll.arrayBuffer();
        if (!importAnswered) answeredDuring++;
      }
      expect(answeredDuring).toBeGreaterThanOrEqual(10);

      const response = await importing;
      expect(response.status).toBe(200);
      const report = (await response.json()).data;
      expect(report).toMatchObject({ total: RECORDS, imported: 0, failed: RECORDS });
      expect(report.failures[0].problems).toEqual([
        ...Array(5).fill(UNCLOSED[0]),
        'question: 9995 more maths problems',
      ]);
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

describe(`IMPORT_CHECK_TIMEOUT_MS on ${engineUnderTest}`, () => {
  it('refuses an import whose maths check runs past the configured limit with 503, and writes nothing', async () => {
    const limited = await createTestEnv({ IMPORT_CHECK_TIMEOUT_MS: '1000' });
    const app = await buildApp(limited.config, { logger: false });
    try {
      const admin = await userWithRole(app, 'admin');
      // 400,000 formulas for KaTeX (checking half of them took 2.9 s of the maths thread on a
      // quiet two-core machine): past 1 s on a machine several times faster; the limit ends it.
      const records = Array.from({ length: 2000 }, (_, i) => ({
        source_id: `slow/${i}`,
        subject: 'Algebra',
        level: 2,
        question: Array.from(
          { length: 200 },
          (_, k) => `so $\\frac{x^2+${i * 200 + k}}{y_i} = \\sqrt{z}$ and `,
        ).join(''),
        answer: '1',
      }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ dryRun: false, data: records }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'ServiceUnavailable',
        message: 'Checking the maths took longer than 1 s; import the file in smaller parts.',
      });
      expect(await app.database.db.selectFrom('examples').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
      await limited.cleanup();
    }
  }, 120_000);
});
