import { request } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestEnv, engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { waitText } from './auth.messages';
import { CODE_MAIL_GAP_MS, codeMailKeys } from './codes.service';
import { REFRESH_GRACE_MS } from './sessions.service';

/**
 * Attacks on codes, code mail and sessions, made over real HTTP (app.listen + fetch) against the
 * real database, counters (Redis when REDIS_URL is set) and a real SMTP server.
 */
const api = useTestApp({ smtp: true, listen: true });
const { smtp } = api;

interface Answer {
  status: number;
  cacheControl: string | null;
  body: { success: boolean; code?: string; message?: string; data?: Record<string, unknown> };
}

/**
 * Each test speaks over HTTP from a loopback address of its own (127.x.y.z), so per-IP limits of
 * one test (or of an earlier run, counted in Redis) never reach another.
 */
const runOctet = 1 + Math.floor(Math.random() * 250);
let source = '';
beforeEach(() => {
  source = `127.${runOctet}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
});

function http(method: string, url: string, payload?: object, token?: string): Promise<Answer> {
  const body = payload ? JSON.stringify(payload) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${api.base}/api${url}`,
      {
        method,
        localAddress: source,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cacheControl: (res.headers['cache-control'] as string | undefined) ?? null,
            body: JSON.parse(text) as Answer['body'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same call through inject from an address of its own (per-IP limits stay out of the way). */
let ip = 1;
async function from(address: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await api.app.inject({
    method,
    url: `/api${url}`,
    payload,
    remoteAddress: address ?? `203.0.113.${ip++ % 250}`,
  });
  return { status: res.statusCode, body: res.json() as Answer['body'] };
}

let emailCounter = 0;
const newEmail = (tag: string) => `${tag}${++emailCounter}.${Date.now()}@example.com`;
const PASSWORD = 'Correct-Horse-42';

/** Registers (not yet confirmed) and returns the code mailed. */
async function registered(email: string) {
  const since = smtp.messages.length;
  const res = await from(null, 'POST', '/auth/register', { email, password: PASSWORD, name: 'X' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return smtp.codeIn(await smtp.nextTo(email, since));
}

async function confirmedLogin(email: string) {
  const code = await registered(email);
  expect((await from(null, 'POST', '/auth/confirm', { email, code })).status).toBe(200);
  const res = await from(null, 'POST', '/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.data as { idToken: string; accessToken: string; refreshToken: string };
}

const codeRow = (email: string) =>
  api.app.database.db
    .selectFrom('verification_codes')
    .innerJoin('users', 'users.id', 'verification_codes.user_id')
    .select(['verification_codes.attempts', 'verification_codes.used_at'])
    .where('users.email', '=', email)
    .orderBy('verification_codes.id', 'desc')
    .executeTakeFirstOrThrow();

const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe(`guessing a code on ${engineUnderTest}`, () => {
  it('30 concurrent wrong guesses over HTTP: 5 are checked (4 wrong-code answers, 26 × 429), the code is burnt and the real one fails', async () => {
    const email = newEmail('guess');
    const code = await registered(email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        http('POST', '/auth/confirm', { email, code: wrongFor(code) }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body.message).toBe('Invalid verification code provided, please try again.');
    }
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body.message).toBe('Attempt limit exceeded, please try after some time.');
    }
    // The try counter is taken before each hash check: exactly 5 checks were made.
    expect(await codeRow(email)).toMatchObject({ attempts: 5, used_at: expect.any(String) });
    const real = await from(null, 'POST', '/auth/confirm', { email, code });
    expect(real.status).toBe(429);
    expect(real.body.message).toBe('Attempt limit exceeded, please try after some time.');
    expect((await from(null, 'POST', '/auth/login', { email, password: PASSWORD })).body.code).toBe(
      'UserNotConfirmed',
    );
  });

  it('the right code still works after 4 wrong guesses (it is the fifth check)', async () => {
    const email = newEmail('fifth');
    const code = await registered(email);
    for (let i = 0; i < 4; i++) {
      expect(
        (await from(null, 'POST', '/auth/confirm', { email, code: wrongFor(code) })).status,
      ).toBe(400);
    }
    expect(await from(null, 'POST', '/auth/confirm', { email, code })).toMatchObject({
      status: 200,
    });
    expect(await codeRow(email)).toMatchObject({ attempts: 5, used_at: expect.any(String) });
  });

  it('a reset code too: 10 concurrent wrong guesses check 5 at most, then the real code fails', async () => {
    const email = newEmail('resetguess');
    await confirmedLogin(email);
    const since = smtp.messages.length;
    await from(null, 'POST', '/auth/forgot-password', { email });
    const code = smtp.codeIn(await smtp.nextTo(email, since));
    const guess = { email, code: wrongFor(code), newPassword: 'Brand-New-Secret-7' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => from(null, 'POST', '/auth/confirm-forgot-password', guess)),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    expect((await codeRow(email)).attempts).toBe(5);
    const real = await from(null, 'POST', '/auth/confirm-forgot-password', { ...guess, code });
    expect(real.status).toBe(429);
    expect((await from(null, 'POST', '/auth/login', { email, password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe(`code mail limits on ${engineUnderTest}`, () => {
  it('20 rapid forgot-password calls deliver exactly 1 mail; the other 19 answers say the code was held back and for how long; each answer is the same as for an unknown email', async () => {
    const email = newEmail('flood');
    await confirmedLogin(email);
    const ghost = newEmail('ghost');
    const since = smtp.messages.length;
    const mine: Answer['body'][] = [];
    const theirs: Answer['body'][] = [];
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      const [a, b] = await Promise.all([
        from(null, 'POST', '/auth/forgot-password', { email }),
        from(null, 'POST', '/auth/forgot-password', { email: ghost }),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      mine.push(a.body);
      theirs.push(b.body);
    }
    const askedFor = Date.now() - started;
    // With the one-a-minute mark lifted, one more ask mails a second code: a mail sent by any of
    // the 19 held-back asks (or to the address with no account) would have come before it.
    const first = await smtp.nextTo(email, since);
    await api.app.counters.delete(codeMailKeys(email, 'reset')[0]);
    const marker = smtp.messages.length;
    expect((await from(null, 'POST', '/auth/forgot-password', { email })).status).toBe(200);
    const second = await smtp.nextTo(email, marker);
    expect(smtp.messages.slice(since)).toEqual([first, second]);
    expect([first, second].map((m) => m.subject)).toEqual([
      expect.stringContaining('reset code'),
      expect.stringContaining('reset code'),
    ]);
    // Only the first ask went out; the rest say they were held back, and when to ask again.
    const answer = (to: string, i: number, seconds: number) =>
      i === 0
        ? `If ${to} has an account, a reset code is on its way.`
        : `No new code was sent to ${to}: codes go out at most once a minute and five times an hour. You can ask for another in ${waitText(seconds)}.`;
    for (let i = 0; i < 20; i++) {
      const a = mine[i]!;
      const b = theirs[i]!;
      const aWait = a.data!.nextCodeInSeconds as number;
      const bWait = b.data!.nextCodeInSeconds as number;
      // The same answer for both, each with its own wait: asked at once, they may straddle a
      // second boundary (59 seconds beside 1 minute).
      expect(a.message).toBe(answer(email, i, aWait));
      expect(b.message).toBe(answer(ghost, i, bWait));
      expect(Object.keys(a.data!)).toEqual(['nextCodeInSeconds']);
      expect(Object.keys(b.data!)).toEqual(['nextCodeInSeconds']);
      expect(Math.abs(aWait - bWait)).toBeLessThanOrEqual(1);
      // A minute from the first ask, less the time the asks took (a loaded machine is slow).
      expect(aWait).toBeLessThanOrEqual(60);
      expect(aWait).toBeGreaterThanOrEqual(60 - Math.ceil(askedFor / 1000) - 1);
    }
  });

  it('resend-code: one mail a minute, five an hour per address; the sixth waits for the hour', async () => {
    const email = newEmail('resend');
    await registered(email); // the first code, counted
    const [gapKey] = codeMailKeys(email, 'confirm');
    const since = smtp.messages.length;
    const early = await from(null, 'POST', '/auth/resend-code', { email });
    expect(early.status).toBe(200);
    expect(early.body.data!.nextCodeInSeconds).toBeGreaterThan(50);

    // Four more minutes "pass" (the one-a-minute mark is lifted each time): four more mails, and
    // only those (a mail the early ask sent would come first).
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await api.app.counters.delete(gapKey);
      const before = smtp.messages.length;
      const res = await from(null, 'POST', '/auth/resend-code', { email });
      waits.push(res.body.data!.nextCodeInSeconds as number);
      await smtp.nextTo(email, before);
    }
    const four = smtp.messages.slice(since);
    expect(four.map((m) => m.subject)).toEqual(
      Array(4).fill(expect.stringContaining('confirmation')),
    );
    // After the fifth mail of the hour the wait is the rest of the hour, not a minute.
    expect(waits.slice(0, 3).every((w) => w > 50 && w <= CODE_MAIL_GAP_MS / 1000)).toBe(true);
    expect(waits[3]).toBeGreaterThan(3000);

    await api.app.counters.delete(gapKey);
    const sixth = await from(null, 'POST', '/auth/resend-code', { email });
    expect(sixth.status).toBe(200);
    expect(sixth.body.data!.nextCodeInSeconds).toBeGreaterThan(3000);
    // A reset code (limited apart from confirmation codes) is the next mail to the address: a
    // confirmation code the sixth ask sent would have come before it.
    const marker = smtp.messages.length;
    expect((await from(null, 'POST', '/auth/forgot-password', { email })).status).toBe(200);
    const reset = await smtp.nextTo(email, marker);
    expect(reset.subject).toContain('reset code');
    expect(smtp.messages.slice(since)).toEqual([...four, reset]);
  });
});

const familyRows = (email: string) =>
  api.app.database.db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.family_id',
      'refresh_tokens.revoked_at',
      'refresh_tokens.expires_at',
      'refresh_tokens.session_started_at',
    ])
    .where('users.email', '=', email)
    .execute();

describe(`refresh tokens on ${engineUnderTest}`, () => {
  it('5 parallel refreshes of one token over HTTP all get the same successor: one new refresh token, one live chain', async () => {
    const email = newEmail('parallel');
    const t0 = await confirmedLogin(email);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        http('POST', '/auth/refresh', { refreshToken: t0.refreshToken }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(answers.map((a) => a.body.data!.refreshToken));
    expect(successors.size).toBe(1);
    const [t1] = [...successors] as string[];
    expect(t1).not.toBe(t0.refreshToken);
    // The session has two tokens: the original (rotated) and its one successor.
    expect(await familyRows(email)).toHaveLength(2);
    for (const a of answers) {
      expect(
        (await http('GET', '/auth/me', undefined, a.body.data!.idToken as string)).status,
      ).toBe(200);
    }
    // A retry later within the grace period still gets that successor, not a new one.
    const retry = await http('POST', '/auth/refresh', { refreshToken: t0.refreshToken });
    expect(retry.body.data!.refreshToken).toBe(t1);
    expect(await familyRows(email)).toHaveLength(2);

    const next = await http('POST', '/auth/refresh', { refreshToken: t1! });
    expect(next.status).toBe(200);
    expect(next.body.data!.refreshToken).not.toBe(t1);
    expect(await familyRows(email)).toHaveLength(3);
  });

  it('reusing the original after the grace period revokes the whole session', async () => {
    const email = newEmail('replay');
    const t0 = await confirmedLogin(email);
    const first = await http('POST', '/auth/refresh', { refreshToken: t0.refreshToken });
    const t1 = first.body.data!.refreshToken as string;
    await api.app.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000).toISOString() })
      .where(
        'id',
        'in',
        (await familyRows(email)).map((r) => r.id),
      )
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await http('POST', '/auth/refresh', { refreshToken: t0.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Invalid refresh token.');
    expect((await http('POST', '/auth/refresh', { refreshToken: t1 })).status).toBe(401);
    expect(
      (await http('GET', '/auth/me', undefined, first.body.data!.idToken as string)).status,
    ).toBe(401);
    expect((await familyRows(email)).every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('a session whose login is older than the lifetime (30 days) cannot refresh, though it was refreshed a moment ago', async () => {
    const email = newEmail('lifetime');
    const t0 = await confirmedLogin(email);
    const fresh = await http('POST', '/auth/refresh', { refreshToken: t0.refreshToken });
    expect(fresh.status).toBe(200);
    const rows = await familyRows(email);
    // Every token of the session carries the login time, and none outlives the session.
    const started = new Date(rows[0]!.session_started_at).getTime();
    for (const r of rows) {
      expect(new Date(r.session_started_at).getTime()).toBe(started);
      expect(new Date(r.expires_at).getTime()).toBeLessThanOrEqual(started + 30 * 86_400_000);
    }
    // Make the login 30 days and a minute old; the last refresh stays a moment ago.
    await api.app.database.db
      .updateTable('refresh_tokens')
      .set({ session_started_at: new Date(Date.now() - 30 * 86_400_000 - 60_000).toISOString() })
      .where('family_id', '=', rows[0]!.family_id)
      .execute();
    const late = await http('POST', '/auth/refresh', {
      refreshToken: fresh.body.data!.refreshToken as string,
    });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Your session has ended. Please sign in again.');
    expect(
      (await http('GET', '/auth/me', undefined, fresh.body.data!.idToken as string)).status,
    ).toBe(401);
  });

  it('SESSION_MAX_AGE_DAYS sets the lifetime: with 1 day, a 2-day-old login cannot refresh', async () => {
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '7' }).SESSION_MAX_AGE_DAYS).toBe(7);
    expect(loadConfig({}).SESSION_MAX_AGE_DAYS).toBe(30);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS/);
    const short = await createTestEnv({ SESSION_MAX_AGE_DAYS: '1' });
    const other = await buildApp(short.config, { logger: false });
    try {
      await other.auth.ensureUser({ email: 'day@example.com', password: PASSWORD, role: 'basic' });
      const login = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'day@example.com', password: PASSWORD },
      });
      const { refreshToken } = login.json().data;
      const row = await other.database.db
        .selectFrom('refresh_tokens')
        .select(['expires_at', 'session_started_at'])
        .executeTakeFirstOrThrow();
      expect(new Date(row.expires_at).getTime() - new Date(row.session_started_at).getTime()).toBe(
        86_400_000,
      );
      await other.database.db
        .updateTable('refresh_tokens')
        .set({
          session_started_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .execute();
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
      await short.cleanup();
    }
  });
});

describe(`Cache-Control on personal answers, over HTTP, on ${engineUnderTest}`, () => {
  it('every /auth/* answer, success or error (400, 401, 403, 409, 429), is no-store', async () => {
    const email = newEmail('nostore');
    const code = await registered(email);
    const seen: [string, number, string | null][] = [];
    const check = async (method: string, url: string, payload?: object, token?: string) => {
      const a = await http(method, url, payload, token);
      seen.push([`${method} ${url}`, a.status, a.cacheControl]);
      return a;
    };
    // Errors first (nothing changes), then the successful calls.
    await check('POST', '/auth/register', { email, password: 'x', name: 'X' });
    await check('POST', '/auth/register', { email, password: PASSWORD, name: 'X' }); // 409
    await check('POST', '/auth/register', {
      email: newEmail('other'),
      password: PASSWORD,
      name: 'Y',
    });
    await check('POST', '/auth/confirm', { email, code: 'abc' });
    await check('POST', '/auth/login', { email, password: PASSWORD }); // 403 unconfirmed
    await check('POST', '/auth/confirm', { email, code });
    await check('POST', '/auth/resend-code', { email: 'not-an-email' });
    await check('POST', '/auth/resend-code', { email });
    await check('POST', '/auth/login', { email, password: 'Wrong-Pass-99' });
    const login = await check('POST', '/auth/login', { email, password: PASSWORD });
    const t = login.body.data as { idToken: string; refreshToken: string };
    await check('POST', '/auth/refresh', { refreshToken: 'nope' });
    const refreshed = await check('POST', '/auth/refresh', { refreshToken: t.refreshToken });
    const t1 = refreshed.body.data as { idToken: string; refreshToken: string };
    await check('GET', '/auth/me');
    await check('GET', '/auth/me', undefined, 'not-a-valid-token');
    await check('GET', '/auth/me', undefined, t1.idToken);
    await check('PATCH', '/auth/me', { name: '' }, t1.idToken);
    await check('PATCH', '/auth/me', { name: 'Renamed' }, t1.idToken);
    await check('POST', '/auth/change-password', { currentPassword: 'x', newPassword: 'y' });
    await check(
      'POST',
      '/auth/change-password',
      { currentPassword: 'Wrong-Pass-98', newPassword: 'Another-Secret-9' },
      t1.idToken,
    );
    await check(
      'POST',
      '/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Another-Secret-9' },
      t1.idToken,
    );
    await check('POST', '/auth/forgot-password', {});
    await check('POST', '/auth/forgot-password', { email });
    await check('POST', '/auth/confirm-forgot-password', {
      email,
      code: '123456',
      newPassword: 'Another-Secret-8',
    });
    await check('POST', '/auth/logout', {});
    await check('POST', '/auth/logout', { refreshToken: t1.refreshToken });
    // The per-IP limit of resend-code is 5 a minute: the 429 is personal too.
    let limited: Answer | undefined;
    for (let i = 0; i < 8 && !limited; i++) {
      const a = await check('POST', '/auth/resend-code', { email: 'someone@example.com' });
      if (a.status === 429) limited = a;
    }
    expect(limited?.body.message).toMatch(/^Too many requests/);

    const statuses = new Set(seen.map(([, status]) => status));
    for (const status of [200, 201, 400, 401, 403, 409, 429]) expect(statuses).toContain(status);
    const routes = new Set(seen.map(([route]) => route));
    expect(routes.size).toBe(11); // every /auth route but the public JWKS
    expect(seen.filter(([, , cc]) => cc !== 'no-store')).toEqual([]);
  });

  it("the caller's marks and progress (/me/progress, like/solved, a signed-in list) are no-store; a visitor's list and the JWKS are not", async () => {
    const { smallCatalogue } = await import('../../../test/factories');
    const cat = await smallCatalogue(api.app.database.db);
    const t = await confirmedLogin(newEmail('marks'));
    const id = cat.ex.linear;
    const personal: [string, string, string | undefined][] = [
      ['GET', '/me/progress', t.idToken],
      ['GET', '/me/progress', undefined],
      ['PUT', `/examples/${id}/like`, t.idToken],
      ['DELETE', `/examples/${id}/like`, t.idToken],
      ['PUT', `/examples/${id}/solved`, t.idToken],
      ['DELETE', `/examples/${id}/solved`, undefined],
      ['PUT', '/examples/999999/solved', t.idToken],
      ['PUT', '/examples/abc/like', t.idToken],
      ['GET', '/examples', t.idToken],
      ['GET', `/examples/${id}`, t.idToken],
    ];
    const answers: [string, number, string | null][] = [];
    for (const [method, url, token] of personal) {
      const a = await http(method, url, undefined, token);
      answers.push([`${method} ${url}`, a.status, a.cacheControl]);
    }
    expect(new Set(answers.map(([, s]) => s))).toEqual(new Set([200, 400, 401, 404]));
    expect(answers.filter(([, , cc]) => cc !== 'no-store')).toEqual([]);

    expect((await http('GET', '/examples')).cacheControl).not.toBe('no-store');
    expect((await http('GET', '/.well-known/jwks.json')).cacheControl).toBe('public, max-age=300');
  });
});
