import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { smallCatalogue } from './factories';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { userWithRole, type TestUser } from './helpers/users';

/**
 * Hostile input on every endpoint that takes a body or a query: wrong types, missing and extra
 * keys, huge strings, prototype keys, odd unicode. Each answers a clear 4xx (never a 5xx), and a
 * refused write changes nothing.
 */
let env: TestEnv;
let app: FastifyInstance;
let superadmin: TestUser;
let target: TestUser;
let exampleId: number;

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(env.config, { logger: false });
  exampleId = (await smallCatalogue(app.database.db)).ex.linear;
  superadmin = await userWithRole(app, 'superadmin');
  target = await userWithRole(app, 'basic');
});
afterAll(async () => {
  await app.close();
  await env.cleanup();
});

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '𝔁²',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '$$\\def\\a{\\a}\\a$$',
  ),
  fc.nat({ max: 100_000 }).map((n) => 'x'.repeat(n)),
);
const field = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const keys = [
  'email',
  'password',
  'name',
  'code',
  'newPassword',
  'currentPassword',
  'refreshToken',
  'groupName',
  'enabled',
  'confirmed',
  'emailVerified',
  'question',
  'answer',
  'procedure',
  'subjectId',
  'parentId',
  'categoryId',
  'difficultyId',
  'typeId',
  'rank',
  'description',
  'dryRun',
  'data',
  '__proto__',
  'constructor',
  'prototype',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), field, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.anything({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{',
    '[]',
    '"x"',
    '1e999',
    '{"email":"a@b.c","email":"x"}',
  ),
);

const WRITES: [string, string, boolean][] = [
  ['POST', '/api/newsletter', false],
  ['POST', '/api/auth/register', false],
  ['POST', '/api/auth/confirm', false],
  ['POST', '/api/auth/resend-code', false],
  ['POST', '/api/auth/login', false],
  ['POST', '/api/auth/refresh', false],
  ['POST', '/api/auth/logout', false],
  ['POST', '/api/auth/forgot-password', false],
  ['POST', '/api/auth/confirm-forgot-password', false],
  ['PATCH', '/api/auth/me', true],
  ['POST', '/api/auth/change-password', true],
  ['PUT', '/api/admin/users/{username}', true],
  ['POST', '/api/admin/users/{username}/groups', true],
  ['POST', '/api/subjects', true],
  ['PUT', '/api/categories/{id}', true],
  ['POST', '/api/categories', true],
  ['POST', '/api/difficulties', true],
  ['POST', '/api/types', true],
  ['POST', '/api/examples', true],
  ['PUT', '/api/examples/{id}', true],
  ['POST', '/api/admin/import', true],
];

async function fingerprint() {
  const db = app.database.db;
  const tables = [
    'users',
    'user_groups',
    'subjects',
    'categories',
    'difficulties',
    'types',
    'examples',
    'newsletter_signups',
  ] as const;
  const counts = await Promise.all(
    tables.map(async (t) => (await db.selectFrom(t).selectAll().execute()).length),
  );
  const examples = await db
    .selectFrom('examples')
    .select(['id', 'question', 'answer', 'updated_at'])
    .orderBy('id')
    .execute();
  const people = await db
    .selectFrom('users')
    .select(['email', 'name', 'password_hash', 'enabled', 'status'])
    .orderBy('email')
    .execute();
  return JSON.stringify({ counts, examples, people });
}

describe(`hostile input on ${engineUnderTest}`, () => {
  for (const [method, template, signedIn] of WRITES) {
    it(`${method} ${template} answers 4xx or success, never 5xx, and a refusal changes nothing`, async () => {
      const url = template
        .replace('{username}', target.username)
        .replace('{id}', String(exampleId));
      let n = 0;
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await fingerprint();
          const res = await app.inject({
            method: method as 'POST',
            url,
            payload,
            headers: { 'content-type': 'application/json', ...(signedIn ? superadmin.auth : {}) },
            remoteAddress: `100.64.${Math.floor(n / 200)}.${n++ % 200}`,
          });
          expect(
            res.statusCode,
            `${payload.slice(0, 200)} → ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const json = res.json();
            expect(json.success).toBe(false);
            expect(typeof json.message).toBe('string');
            expect(json.message.length).toBeGreaterThan(0);
            expect(await fingerprint()).toBe(before);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('GET /api/examples, /examples/random and /admin/audit take any query string without a 5xx', async () => {
    const param = fc.constantFrom(
      'subjectId',
      'categoryId',
      'difficultyId',
      'typeId',
      'q',
      'limit',
      'cursor',
      'liked',
      'solved',
      '__proto__',
      'constructor',
      'x',
    );
    const query = fc.array(
      fc.tuple(
        param,
        oddString.map((s) => s.slice(0, 5000)),
      ),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (pairs, signed) => {
        const qs = new URLSearchParams(pairs).toString();
        for (const path of ['/api/examples', '/api/examples/random']) {
          const res = await app.inject({
            method: 'GET',
            url: `${path}?${qs}`,
            headers: signed ? target.auth : {},
          });
          expect(
            res.statusCode,
            `${path}?${qs.slice(0, 300)} → ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('path parameters of any shape give a 4xx, not a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        oddString.map((s) => encodeURIComponent(s.slice(0, 300))),
        async (segment) => {
          for (const url of [
            `/api/examples/${segment}`,
            `/api/categories/subject/${segment}`,
            `/api/admin/users/${segment}`,
          ]) {
            const res = await app.inject({ method: 'GET', url, headers: superadmin.auth });
            expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
