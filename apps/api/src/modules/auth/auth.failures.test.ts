import { beforeEach, describe, expect, it } from 'vitest';
import { httpRequest, type RawResponse } from '../../../test/helpers/http';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { waitText } from './auth.messages';
import { loginLockKeys, LOGIN_FREE_FAILURES } from './login-lockout';

/**
 * What people are told when signing in or choosing a password fails, over real HTTP (app.listen)
 * against the real database and counters (Redis when REDIS_URL is set).
 */
const api = useTestApp({ smtp: true, listen: true });
const { smtp } = api;

/** Each test speaks from a loopback address of its own, so per-IP limits never mix tests up. */
const runOctet = 1 + Math.floor(Math.random() * 250);
let source = '';
beforeEach(() => {
  source = `127.${runOctet}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
});

interface ErrorBody {
  success: boolean;
  code?: string;
  message?: string;
  reason?: string;
}

const call = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  httpRequest(`${api.base}/api${url}`, { method, body, headers, localAddress: source });
const bodyOf = (res: RawResponse) => res.body as ErrorBody;

let emailCounter = 0;
const newEmail = (tag: string) => `${tag}${++emailCounter}.${Date.now()}@example.com`;
const PASSWORD = 'Correct-Horse-42';

async function confirmedAccount(email: string) {
  const since = smtp.messages.length;
  const res = await call('POST', '/auth/register', { email, password: PASSWORD, name: 'Ada' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const code = smtp.codeIn(await smtp.nextTo(email, since));
  expect((await call('POST', '/auth/confirm', { email, code })).status).toBe(200);
}

const lockTtl = (email: string) => api.app.counters.ttl(loginLockKeys(email)[1]);

describe(`sign-in failures on ${engineUnderTest}`, () => {
  it("a wrong password and an unknown address both answer 401 'Incorrect email or password.'", async () => {
    const email = newEmail('wording');
    await confirmedAccount(email);
    const wrong = await call('POST', '/auth/login', { email, password: 'Wrong-Pass-11' });
    const unknown = await call('POST', '/auth/login', {
      email: newEmail('nobody'),
      password: 'Wrong-Pass-11',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 'Unauthorized',
        message: 'Incorrect email or password.',
      });
    }
  });

  it('after five wrong passwords: 429 TooManyRequests saying how long, with Retry-After equal to the seconds the lock has left', async () => {
    const email = newEmail('locked');
    await confirmedAccount(email);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      expect((await call('POST', '/auth/login', { email, password: 'Wrong-Pass-11' })).status).toBe(
        401,
      );
    }
    // The lock's time left, read just before and just after the answer, brackets Retry-After.
    const before = await lockTtl(email);
    const locked = await call('POST', '/auth/login', { email, password: PASSWORD });
    const after = await lockTtl(email);
    expect(before).toBeGreaterThan(0);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil(after / 1000));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(before / 1000));
    expect(locked.body).toEqual({
      success: false,
      code: 'TooManyRequests',
      message: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
    });
  });

  it('a lock with minutes left says them in minutes (rounded up), and Retry-After gives the seconds', async () => {
    const email = newEmail('minutes');
    await confirmedAccount(email);
    // As if the lock-out had grown after repeated failures: 13.5 minutes left.
    await api.app.counters.set(loginLockKeys(email)[1], 13.5 * 60_000);
    const locked = await call('POST', '/auth/login', { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(bodyOf(locked).message).toBe(
      'Too many failed sign-in attempts. Try again in 14 minutes.',
    );
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(13.5 * 60);
    expect(waitText(retryAfter)).toBe('14 minutes');
  });

  it('the wait reads in whole seconds under a minute and in minutes, singular and plural, above', () => {
    expect([1, 30, 59, 60, 61, 120, 900].map(waitText)).toEqual([
      '1 second',
      '30 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '2 minutes',
      '15 minutes',
    ]);
  });
});

describe(`password-policy refusals on ${engineUnderTest}`, () => {
  it('register: 400 ValidationError with a plain sentence and the rule as `reason`, creating no account', async () => {
    const cases: [string, string, string][] = [
      ['Sh0rt', 'PasswordTooShort', 'The password needs at least 8 characters.'],
      [
        'alllowercase1',
        'PasswordNeedsUppercase',
        'The password needs at least one uppercase letter (A–Z).',
      ],
      [
        'ALLUPPERCASE1',
        'PasswordNeedsLowercase',
        'The password needs at least one lowercase letter (a–z).',
      ],
      ['NoDigitsHere', 'PasswordNeedsNumber', 'The password needs at least one number (0–9).'],
      [
        'Password123',
        'PasswordTooCommon',
        'That password is too common and easy to guess. Please choose another.',
      ],
    ];
    for (const [password, reason, message] of cases) {
      const email = newEmail('weak');
      const res = await call('POST', '/auth/register', { email, password, name: 'Y' });
      expect(res.status, password).toBe(400);
      expect(res.body, password).toEqual({
        success: false,
        code: 'ValidationError',
        message,
        reason,
      });
      expect((await call('POST', '/auth/login', { email, password })).status).toBe(401);
    }
  });

  it('register: a password containing the part of your address before the @, in other capitals, is refused saying that part', async () => {
    const email = newEmail('ownaddress');
    const name = email.split('@')[0]!;
    const password = `X9-${name.toUpperCase()}-walk`;
    expect(password).not.toContain(email);
    const res = await call('POST', '/auth/register', { email, password, name: 'Y' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'ValidationError',
      message: `The password must not contain the part of your email address before the @ ("${name}"), in upper or lower case.`,
      reason: 'PasswordContainsEmail',
    });
  });

  it("a superadmin setting a user's password that contains the user's address is told whose address, by name, and the password is unchanged", async () => {
    const admin = await api.newUser('superadmin');
    const target = await api.newUser('basic');
    const password = `Z7-${target.email.split('@')[0]}`;
    const res = await call('PUT', `/admin/users/${target.username}`, { password }, admin.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'ValidationError',
      message: `The password must not contain the part of the user's email address before the @ ("${target.email.split('@')[0]}" in ${target.email}), in upper or lower case.`,
      reason: 'PasswordContainsEmail',
    });
    expect(bodyOf(res).message).not.toMatch(/your/i);
    // The old password still signs in; the refused one does not.
    expect(
      (await call('POST', '/auth/login', { email: target.email, password: target.password }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/auth/login', { email: target.email, password })).status).toBe(401);
  });

  it('change-password: the same rule and sentence as at registration', async () => {
    const user = await api.newUser('basic');
    const name = user.email.split('@')[0]!;
    const newPassword = `Walk-${name[0]!.toUpperCase()}${name.slice(1)}-2026x`;
    const res = await call(
      'POST',
      '/auth/change-password',
      { currentPassword: user.password, newPassword },
      user.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'ValidationError',
      message: `The password must not contain the part of your email address before the @ ("${name}"), in upper or lower case.`,
      reason: 'PasswordContainsEmail',
    });
  });
});
