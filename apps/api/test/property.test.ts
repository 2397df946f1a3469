import { ID_MAX } from '@exemplar/shared/fields';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleBody as exampleOf, insertExample, oneExampleCatalogue } from './factories';
import { databaseFingerprint } from './helpers/fingerprint';
import { servedApiRoutes } from './helpers/routes';
import { engineUnderTest } from './helpers/test-db';
import { useTestApp } from './helpers/test-app';
import type { TestUser } from './helpers/users';

/**
 * Hostile input on every API route, found from the app's own route tree: wrong types, missing and
 * extra keys, huge strings, prototype keys, odd unicode, and ids beyond what the engines store
 * (2^31 and up, 2^53 and up, 1e20) in every id-bearing parameter — path, query, body and cursor.
 * Each answers a clear 4xx or a success (never a 5xx), and a refusal changes nothing.
 */
const api = useTestApp({ catalogue: true, users: ['superadmin'] });
const { cat } = api;
const superadmin = api.users.superadmin;
let learner: TestUser;
let target: TestUser;
beforeAll(async () => {
  learner = await api.newUser('basic');
  target = await api.newUser('basic');
});

/* ---- Arbitraries ---- */

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'a\udfffb',
    '\u202e',
    '𝔁²',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '$$\\def\\a{\\a}\\a$$',
  ),
  fc.nat({ max: 100_000 }).map((n) => 'x'.repeat(n)),
);

/** Ids beyond the 32-bit range of the engines' id columns, and other numbers no id can be. */
const HUGE_IDS = [
  ID_MAX + 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  1e20,
  1e308,
  -(ID_MAX + 2),
  0,
  -1,
  1.5,
];
const hugeId = fc.oneof(
  fc.constantFrom(...HUGE_IDS),
  fc.integer({ min: ID_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
);
/** Id-like text for paths and queries: huge, negative, padded, exponent, beyond 2^64. */
const idText = fc.oneof(
  hugeId.map((n) => String(n)),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.constantFrom(
    String(ID_MAX),
    String(ID_MAX + 1),
    '99999999999999999999999999',
    '1e3',
    '0x10',
    '00001',
    '-0',
    ' 1',
    '1.0',
  ),
  fc.integer().map(String),
);
/** A cursor carrying an id or offset beyond the range, or something that is no cursor at all. */
const cursor = fc.oneof(
  fc
    .tuple(fc.constantFrom('after', 'offset'), fc.oneof(hugeId, fc.integer()))
    .map(([k, v]) => Buffer.from(JSON.stringify({ [k]: v })).toString('base64url')),
  fc
    .bigInt({ min: 2n ** 31n, max: 2n ** 70n })
    .map((n) => Buffer.from(`{"after":${n}}`).toString('base64url')),
  fc.string({ maxLength: 40 }),
);
const field = fc.oneof(
  oddString,
  hugeId,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const BODY_KEYS = [
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
  'position',
  'rank',
  'description',
  'dryRun',
  'data',
  'kind',
  'exampleId',
  'rating',
  '__proto__',
  'constructor',
  'prototype',
];
const anyBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...BODY_KEYS), field, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.anything({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{',
    '[]',
    '"x"',
    '1e999',
    '{"name":"\\ud800"}',
    '{"email":"a@b.c","email":"x"}',
  ),
);
const QUERY_KEYS = [
  'subjectId',
  'categoryId',
  'difficultyId',
  'typeId',
  'q',
  'limit',
  'cursor',
  'liked',
  'solved',
  'withoutHelp',
  'before',
  'tz',
  '__proto__',
  'constructor',
  'x',
];

/* ---- One fuzz case per route ---- */

type Caller = 'anonymous' | 'learner' | 'superadmin';
interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}
type Slot = `${'params' | 'query' | 'body'}.${string}` | 'query.cursor';
interface FuzzCase {
  caller: Caller;
  /** A well-formed request, which the fuzzer then breaks one or many parts of. */
  base: () => Baseline;
  /** Every id-bearing parameter: each is also tried with every id beyond the range. */
  ids: Slot[];
}

// Every well-formed call saves the same question again (POST and PUT, many times): allowed on
// purpose, since refusing repeats is tested in catalogue-writes/duplicate-questions.test.ts.
const exampleBody = () => ({
  ...exampleOf(cat, 'Solve $x + 1 = 2$.', '$x = 1$'),
  allowDuplicate: true,
});
const catalogueFile = () =>
  oneExampleCatalogue('Fuzzing', ['Inputs', 'Ids'], {
    question: 'What is $2^{31}$?',
    answer: '$2147483648$',
  });
const id = (n: number) => ({ id: String(n) });
const exampleId = (n: number) => ({ exampleId: String(n) });
const write = (caller: Caller, base: () => Baseline, ids: Slot[] = []): FuzzCase => ({
  caller,
  base,
  ids,
});
const read = (caller: Caller, base: () => Baseline = () => ({}), ids: Slot[] = []) =>
  write(caller, base, ids);
const FILTER_IDS: Slot[] = [
  'query.subjectId',
  'query.categoryId',
  'query.difficultyId',
  'query.typeId',
];

const CASES: Record<string, FuzzCase> = {
  'GET /api/health': read('anonymous'),
  'GET /api/health/live': read('anonymous'),
  'GET /api/health/ready': read('anonymous'),
  'GET /api/.well-known/jwks.json': read('anonymous'),
  'POST /api/newsletter': write('anonymous', () => ({ body: { email: 'fuzz@example.com' } })),
  'POST /api/auth/register': write('anonymous', () => ({
    body: { email: 'new@example.com', password: 'Fuzz-Secret-77', name: 'New' },
  })),
  'POST /api/auth/confirm': write('anonymous', () => ({
    body: { email: target.email, code: '000000' },
  })),
  'POST /api/auth/resend-code': write('anonymous', () => ({ body: { email: target.email } })),
  'POST /api/auth/login': write('anonymous', () => ({
    body: { email: target.email, password: 'Not-The-Password-1' },
  })),
  'POST /api/auth/refresh': write('anonymous', () => ({ body: { refreshToken: 'x.y' } })),
  'POST /api/auth/logout': write('anonymous', () => ({ body: { refreshToken: 'x.y' } })),
  'POST /api/auth/forgot-password': write('anonymous', () => ({ body: { email: target.email } })),
  'POST /api/auth/confirm-forgot-password': write('anonymous', () => ({
    body: { email: target.email, code: '000000', newPassword: 'Fuzz-Secret-77' },
  })),
  'GET /api/auth/me': read('learner'),
  'PATCH /api/auth/me': write('learner', () => ({ body: { name: 'Learner' } })),
  'GET /api/me/preferences': read('learner'),
  'PATCH /api/me/preferences': write('learner', () => ({ body: { tryFirst: true } })),
  // A wrong current password: a success would end the learner's sessions mid-test.
  'POST /api/auth/change-password': write('learner', () => ({
    body: { currentPassword: 'Not-The-Password-1', newPassword: 'Fuzz-Secret-77' },
  })),
  'GET /api/admin/permissions': read('learner'),
  'GET /api/subjects': read('anonymous'),
  'GET /api/difficulties': read('anonymous'),
  'GET /api/types': read('anonymous'),
  'GET /api/categories': read('anonymous'),
  'GET /api/categories/tree': read('anonymous'),
  'GET /api/categories/subject/:id': read('anonymous', () => ({ params: id(cat.algebra) }), [
    'params.id',
  ]),
  'GET /api/examples': read(
    'learner',
    () => ({ query: { subjectId: String(cat.algebra), limit: '2' } }),
    [...FILTER_IDS, 'query.cursor'],
  ),
  'GET /api/examples/random': read(
    'learner',
    () => ({ query: { subjectId: String(cat.algebra) } }),
    FILTER_IDS,
  ),
  'GET /api/examples/worksheet': read(
    'learner',
    () => ({ query: { subjectId: String(cat.algebra), count: '5', seed: 'fuzz-seed' } }),
    FILTER_IDS,
  ),
  'GET /api/examples/:id': read('anonymous', () => ({ params: id(cat.ex.linear) }), ['params.id']),
  'GET /api/examples/suggest': read('anonymous', () => ({ query: { q: 'linear' } })),
  'GET /api/examples/:id/related': read('anonymous', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'GET /api/examples/:id/position': read(
    'learner',
    () => ({
      params: id(cat.ex.linear),
      query: { subjectId: String(cat.algebra), liked: 'false' },
    }),
    ['params.id', ...FILTER_IDS],
  ),
  'PUT /api/examples/:id/like': write('learner', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'DELETE /api/examples/:id/like': write('learner', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'PUT /api/examples/:id/solved': write('learner', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'DELETE /api/examples/:id/solved': write('learner', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'GET /api/me/progress': read('learner'),
  'POST /api/examples/:id/check': write(
    'learner',
    () => ({ params: id(cat.ex.linear), body: { answer: 'x = 4' } }),
    ['params.id'],
  ),
  'POST /api/examples/:id/read': write(
    'anonymous',
    () => ({ params: id(cat.ex.linear), body: { answer: 'x = 4' } }),
    ['params.id'],
  ),
  'POST /api/admin/answer-check/try': write('superadmin', () => ({
    body: {
      question: 'Solve $x + 1 = 2$.',
      answer: '$x = 1$',
      answerSpec: { kind: 'equation', form: 'any', unit: null, tolerance: null, choice: null },
      answers: ['x = 1', 'x = 2'],
    },
  })),
  'POST /api/examples/:id/help': write(
    'learner',
    () => ({ params: id(cat.ex.quadEasy), body: { kind: 'step' } }),
    ['params.id'],
  ),
  'POST /api/reviews': write(
    'learner',
    () => ({ body: { exampleId: cat.ex.linear, rating: 'good' } }),
    ['body.exampleId'],
  ),
  'GET /api/reviews/due': read('learner', () => ({ query: { limit: '2' } }), ['query.cursor']),
  'GET /api/reviews/stats': read('learner', () => ({ query: { tz: 'Europe/London' } })),
  'GET /api/reviews/suggestions': read('learner', () => ({ query: { limit: '5' } })),
  'GET /api/reviews/:exampleId': read('learner', () => ({ params: exampleId(cat.ex.linear) }), [
    'params.exampleId',
  ]),
  'PUT /api/reviews/:exampleId': write('learner', () => ({ params: exampleId(cat.ex.linear) }), [
    'params.exampleId',
  ]),
  'DELETE /api/reviews/:exampleId': write('learner', () => ({ params: exampleId(cat.ex.circle) }), [
    'params.exampleId',
  ]),
  'GET /api/admin/users/dashboard': read('superadmin'),
  'GET /api/admin/users/:username': read('superadmin', () => ({
    params: { username: target.username },
  })),
  'PUT /api/admin/users/:username': write('superadmin', () => ({
    params: { username: target.username },
    body: { enabled: true },
  })),
  'DELETE /api/admin/users/:username': write('superadmin', () => ({
    params: { username: 'nobody-here' },
  })),
  'POST /api/admin/users/:username/groups': write('superadmin', () => ({
    params: { username: target.username },
    body: { groupName: 'basic' },
  })),
  'DELETE /api/admin/users/:username/groups/:group': write('superadmin', () => ({
    params: { username: target.username, group: 'admin' },
  })),
  'GET /api/admin/audit': read('superadmin', () => ({ query: { limit: '5' } }), ['query.before']),
  'GET /api/admin/export': read('superadmin'),
  'GET /api/admin/catalogue-health': read('superadmin'),
  'POST /api/admin/import': write('superadmin', () => ({
    body: { dryRun: true, data: catalogueFile() },
  })),
  'POST /api/subjects': write('superadmin', () => ({ body: { name: 'Fuzzed subject' } })),
  'PUT /api/subjects/:id': write(
    'superadmin',
    () => ({ params: id(cat.geometry), body: { name: 'Geometry', description: 'Shapes' } }),
    ['params.id'],
  ),
  'DELETE /api/subjects/:id': write('superadmin', () => ({ params: id(cat.geometry) }), [
    'params.id',
  ]),
  'POST /api/categories': write(
    'superadmin',
    () => ({ body: { name: 'Fuzzed', subjectId: cat.algebra, parentId: cat.equations } }),
    ['body.subjectId', 'body.parentId'],
  ),
  'PUT /api/categories/:id': write(
    'superadmin',
    () => ({
      params: id(cat.sequences),
      body: { name: 'Sequences', subjectId: cat.algebra, parentId: null },
    }),
    ['params.id', 'body.subjectId', 'body.parentId'],
  ),
  'DELETE /api/categories/:id': write('superadmin', () => ({ params: id(cat.circles) }), [
    'params.id',
  ]),
  'POST /api/difficulties': write('superadmin', () => ({ body: { name: 'fuzzed', rank: 9 } })),
  'PUT /api/difficulties/:id': write(
    'superadmin',
    () => ({ params: id(cat.hard), body: { name: 'hard', rank: 1 } }),
    ['params.id'],
  ),
  'DELETE /api/difficulties/:id': write('superadmin', () => ({ params: id(cat.hard) }), [
    'params.id',
  ]),
  'POST /api/types': write('superadmin', () => ({ body: { name: 'Fuzzed type' } })),
  'PUT /api/types/:id': write(
    'superadmin',
    () => ({ params: id(cat.proof), body: { name: 'Proof' } }),
    ['params.id'],
  ),
  'DELETE /api/types/:id': write('superadmin', () => ({ params: id(cat.proof) }), ['params.id']),
  'POST /api/examples': write('superadmin', () => ({ body: exampleBody() }), [
    'body.difficultyId',
    'body.typeId',
    'body.categoryId',
  ]),
  'PUT /api/examples/:id': write(
    'superadmin',
    () => ({ params: id(cat.ex.quadEasy), body: exampleBody() }),
    ['params.id', 'body.difficultyId', 'body.typeId', 'body.categoryId'],
  ),
  'DELETE /api/examples/:id': write('superadmin', () => ({ params: id(cat.ex.circle) }), [
    'params.id',
  ]),
  'GET /api/examples/deleted': read('superadmin', () => ({ query: { limit: '2' } }), [
    'query.cursor',
  ]),
  'GET /api/examples/:id/versions': read('superadmin', () => ({ params: id(cat.ex.linear) }), [
    'params.id',
  ]),
  'POST /api/examples/:id/versions/:version/restore': write(
    'superadmin',
    () => ({
      params: { id: String(cat.ex.quadHard), version: '1' },
      body: { allowDuplicate: true },
    }),
    ['params.id', 'params.version'],
  ),
};

/* ---- Sending ---- */

let ipCounter = 0;
const nextIp = () => `100.64.${Math.floor(ipCounter / 200) % 250}.${ipCounter++ % 200}`;

interface Request {
  params: Record<string, string>;
  query: [string, string][];
  /** Raw JSON text; undefined sends no body at all. */
  body?: string;
}

/**
 * Percent-encodes `text` as UTF-8, except that a lone surrogate is sent as the three bytes a careless
 * encoder writes for it (%ED%A0%80 for \ud800), which are not UTF-8.
 */
function percentEncode(text: string): string {
  return [...text]
    .map((char) => {
      if (!/^[\uD800-\uDFFF]$/.test(char)) return encodeURIComponent(char);
      const c = char.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function urlOf(template: string, request: Request): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) =>
    percentEncode(request.params[name] ?? ''),
  );
  const qs = new URLSearchParams(request.query).toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(route: string, request: Request) {
  const [method, template] = route.split(' ') as [string, string];
  const caller = CASES[route]!.caller;
  return api.app.inject({
    method: method as 'GET',
    url: urlOf(template, request),
    ...(request.body !== undefined ? { payload: request.body } : {}),
    headers: {
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(caller === 'superadmin' ? superadmin.auth : caller === 'learner' ? learner.auth : {}),
    },
    remoteAddress: nextIp(),
  });
}

const fingerprint = () => databaseFingerprint(api.app.database.db);

/** The request for `route`, with some of its well-formed parts replaced by hostile ones. */
function requestArbitrary(route: string): fc.Arbitrary<Request> {
  const [method, template] = route.split(' ') as [string, string];
  const spec = CASES[route]!;
  const paramNames = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const queryValue = fc.oneof(
    oddString.map((s) => s.slice(0, 5000)),
    idText,
    cursor,
  );
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [
        name,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 3, arbitrary: idText },
          { weight: 3, arbitrary: oddString.map((s) => s.slice(0, 300)) },
        ),
      ]),
    ) as Record<string, fc.Arbitrary<string | null>>,
  );
  const extraQuery = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), {
    maxLength: 6,
  });
  const body = takesBody
    ? fc.oneof(
        anyBody.map((raw) => ({ raw })),
        // The well-formed body with one key replaced (or added): the other checks then pass, so the
        // hostile value itself is what reaches the service.
        fc
          .tuple(
            fc.constantFrom(...new Set([...Object.keys(spec.base().body ?? {}), ...BODY_KEYS])),
            field,
          )
          .map(([key, value]) => ({ replace: [key, value] as const })),
      )
    : fc.constantFrom({ none: true }, { raw: '' }, { raw: '{}' });
  return fc
    .tuple(params, extraQuery, fc.boolean(), body)
    .map(([hostileParams, extra, keepQuery, bodyChoice]) => {
      const base = spec.base();
      const request: Request = {
        params: { ...base.params },
        query: [...(keepQuery ? Object.entries(base.query ?? {}) : []), ...extra],
      };
      for (const [name, value] of Object.entries(hostileParams)) {
        if (value !== null) request.params[name] = value;
      }
      if ('raw' in bodyChoice) request.body = bodyChoice.raw;
      else if ('replace' in bodyChoice) {
        const [key, value] = bodyChoice.replace;
        request.body = JSON.stringify({ ...base.body, [key]: value });
      }
      return request;
    });
}

function expectClearRefusal(res: Awaited<ReturnType<typeof send>>, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const json = res.json();
    expect(json.success, what).toBe(false);
    expect(typeof json.message, what).toBe('string');
    expect(json.message.length, what).toBeGreaterThan(0);
  }
}

/* ---- Tests ---- */

// Deleting routes last keeps the well-formed targets of the others in place.
const ORDERED = Object.keys(CASES).sort(
  (a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')),
);

describe(`hostile input on ${engineUnderTest}`, () => {
  it('has a fuzz case for every API route the app serves, and no case for a route it lacks', async () => {
    const served = await servedApiRoutes(api.app);
    expect(served.filter((r) => !(r in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((r) => !served.includes(r))).toEqual([]);
  });

  it('the well-formed request of every case is accepted (so the fuzzer starts from a real call)', async () => {
    for (const route of ORDERED.filter((r) => !r.startsWith('DELETE'))) {
      const base = CASES[route]!.base();
      const res = await send(route, {
        params: base.params ?? {},
        query: Object.entries(base.query ?? {}),
        ...(base.body ? { body: JSON.stringify(base.body) } : {}),
      });
      // Auth calls with made-up codes and tokens are refused for that reason alone.
      expect(res.statusCode, `${route} → ${res.body.slice(0, 300)}`).toBeLessThan(
        route.startsWith('POST /api/auth/') || route.startsWith('POST /api/admin/users/')
          ? 500
          : 400,
      );
    }
  });

  it('every id-bearing parameter refuses ids beyond 2147483647 (2^31, 2^53, 1e20, 30 digits) with a 400, and takes 2147483647 itself', async () => {
    const tried: string[] = [];
    for (const route of ORDERED) {
      for (const slot of CASES[route]!.ids) {
        const [where, name] = slot.split('.') as ['params' | 'query' | 'body', string];
        const attempt = async (value: number | string) => {
          const base = CASES[route]!.base();
          const request: Request = {
            params: { ...base.params },
            query: Object.entries(base.query ?? {}),
            ...(base.body ? { body: JSON.stringify(base.body) } : {}),
          };
          if (where === 'params') request.params[name] = String(value);
          if (where === 'query' && name === 'cursor') {
            request.query = [['cursor', Buffer.from(`{"after":${value}}`).toString('base64url')]];
          } else if (where === 'query') {
            request.query = [...request.query.filter(([k]) => k !== name), [name, String(value)]];
          }
          if (where === 'body') {
            // Raw JSON text, so that 30 digits reach the server as written.
            request.body = JSON.stringify({ ...base.body, [name]: 0 }).replace(
              `"${name}":0`,
              `"${name}":${value}`,
            );
          }
          return send(route, request);
        };
        // "1e20" is a name to the filters that take an id or a name, so it is tried elsewhere.
        const takesNames =
          where === 'query' && ['subjectId', 'difficultyId', 'typeId'].includes(name);
        for (const value of [
          ID_MAX + 1,
          2 ** 32,
          2 ** 53 + 2,
          ...(takesNames ? [] : ['1e20']),
          '999999999999999999999999999999',
        ]) {
          const res = await attempt(value);
          expect(res.statusCode, `${route} ${slot}=${value} → ${res.body}`).toBe(400);
          expect(res.json().message, `${route} ${slot}=${value}`).toMatch(
            name === 'cursor' ? /cursor/ : new RegExp(`${name}|${ID_MAX}`),
          );
        }
        const edge = await attempt(ID_MAX);
        expect(edge.statusCode, `${route} ${slot}=${ID_MAX} → ${edge.body}`).toBeLessThan(500);
        expect(edge.body, `${route} ${slot}=${ID_MAX}`).not.toMatch(`from 1 to ${ID_MAX}`);
        tried.push(`${route} ${slot}`);
      }
    }
    // Every path id, the list filters, the cursor, the audit's `before` and every body id.
    expect(tried.length).toBe(Object.values(CASES).reduce((n, c) => n + c.ids.length, 0));
    expect(tried.length).toBeGreaterThanOrEqual(35);
  });

  it('a search cursor with an offset beyond 2147483647 is refused with a 400', async () => {
    for (const offset of [ID_MAX + 1, 2 ** 53 + 2]) {
      const res = await send('GET /api/examples', {
        params: {},
        query: [
          ['q', 'solve'],
          ['cursor', Buffer.from(`{"offset":${offset}}`).toString('base64url')],
        ],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/cursor/);
    }
  });

  for (const route of ORDERED) {
    it(`${route}: hostile path, query and body answer 4xx or success, never 5xx, and a refusal changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          const before = await fingerprint();
          const res = await send(route, request);
          const what = `${route} ${urlOf(route.split(' ')[1]!, request).slice(0, 200)} ${request.body?.slice(0, 200) ?? '(no body)'}`;
          expectClearRefusal(res, what);
          if (res.statusCode >= 400) expect(await fingerprint(), what).toBe(before);
        }),
        { numRuns: 30 },
      );
    });
  }

  it('a deleted target answers 404 on every id route, not a 5xx; only its history routes answer, for a super admin, and the restore brings it back', async () => {
    // A learner the fuzzing above has not counted: learners' checks are limited per account.
    learner = await api.newUser('basic');
    const gone = await insertExample(api.app.database.db, {
      categoryId: cat.linear,
      difficultyId: cat.easy,
      typeId: cat.worked,
      n: 99,
    });
    await api.app.database.db.deleteFrom('examples').where('id', '=', gone).execute();
    const history = (r: string) => r.includes('/versions');
    const sendTo = (route: string, params: Record<string, string>) => {
      const base = CASES[route]!.base();
      return send(route, {
        params: { ...base.params, ...params },
        query: [],
        ...(base.body ? { body: JSON.stringify(base.body) } : {}),
      });
    };
    for (const route of ORDERED.filter((r) => r.includes('/api/examples/:id') && !history(r))) {
      const res = await sendTo(route, { id: String(gone) });
      expect(res.statusCode, `${route} → ${res.body}`).toBe(404);
    }
    const read = await sendTo('GET /api/examples/:id/versions', { id: String(gone) });
    expect(read.statusCode, read.body).toBe(200);
    const restored = await sendTo('POST /api/examples/:id/versions/:version/restore', {
      id: String(gone),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      await api.app.database.db
        .selectFrom('examples')
        .select('id')
        .where('id', '=', gone)
        .execute(),
    ).toEqual([{ id: gone }]);
  });
});
