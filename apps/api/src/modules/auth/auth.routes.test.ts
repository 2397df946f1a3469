import { Writable } from 'node:stream';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { codeMailKeys } from './codes.service';
import { createTestEnv, engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { currentUser, logIn } from '../../../test/helpers/users';

const logLines: string[] = [];
const api = useTestApp({
  smtp: true,
  logger: {
    level: 'debug',
    stream: new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    }),
  },
});
const { smtp } = api;
let ipCounter = 1;

/** Each test speaks from its own address so per-IP limits do not mix tests up. */
function client() {
  const remoteAddress = `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
  return async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const res = await api.app.inject({
      method,
      url: `/api${url}`,
      payload,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() };
  };
}

/** Lifts the one-a-minute code-mail limit of an address (tests that need a second code now). */
const allowNextCodeMail = (email: string, purpose: 'confirm' | 'reset') =>
  api.app.counters.delete(...codeMailKeys(email, purpose));

let emailCounter = 0;
const newEmail = () => `learner${++emailCounter}.${Date.now()}@example.com`;
const PASSWORD = 'Correct-Horse-42';

async function registerAndConfirm(call = client(), email = newEmail(), password = PASSWORD) {
  const since = smtp.messages.length;
  expect(
    (await call('POST', '/auth/register', { email, password, name: 'Ada Lovelace' })).status,
  ).toBe(201);
  const code = smtp.codeIn(await smtp.nextTo(email, since));
  expect((await call('POST', '/auth/confirm', { email, code })).status).toBe(200);
  return { email, password };
}

async function login(call: ReturnType<typeof client>, email: string, password = PASSWORD) {
  const res = await call('POST', '/auth/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { idToken: string; accessToken: string; refreshToken: string };
}

describe(`accounts on ${engineUnderTest}`, () => {
  it('registers, mails a code, confirms, logs in and reads the current user', async () => {
    const call = client();
    const email = newEmail();
    const since = smtp.messages.length;
    const reg = await call('POST', '/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: ' Ada ',
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      success: true,
      data: { email, username: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });

    const mail = await smtp.nextTo(email, since);
    expect(mail.subject).toMatch(/confirmation code/);
    expect(mail.html).toContain(smtp.codeIn(mail));
    const code = smtp.codeIn(mail);

    expect(await call('POST', '/auth/login', { email, password: PASSWORD })).toEqual({
      status: 403,
      body: { success: false, code: 'UserNotConfirmed', message: 'User is not confirmed.' },
    });
    expect((await call('POST', '/auth/login', { email, password: 'Wrong-Pass-42' })).status).toBe(
      401,
    );

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', '/auth/confirm', { email, code: wrong })).body.message).toBe(
      'Invalid verification code provided, please try again.',
    );
    expect(await call('POST', '/auth/confirm', { email, code })).toMatchObject({ status: 200 });
    expect((await call('POST', '/auth/confirm', { email, code })).body.message).toMatch(
      /Current status is CONFIRMED/,
    );

    const tokens = await login(call, email);
    const me = await call('GET', '/auth/me', undefined, tokens.idToken);
    expect(me.body.data.user).toMatchObject({
      email,
      name: 'Ada',
      groups: ['basic'],
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
    });
    expect((await call('GET', '/auth/me', undefined, tokens.accessToken)).status).toBe(200);
  });

  it('refuses duplicates and weak passwords with the documented messages, changing nothing', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    expect(await call('POST', '/auth/register', { email, password: PASSWORD, name: 'X' })).toEqual({
      status: 409,
      body: {
        success: false,
        code: 'Conflict',
        message: 'An account with the given email already exists.',
      },
    });
    const cases: [string, string][] = [
      ['Sh0rt', 'PasswordTooShort'],
      ['alllowercase1', 'PasswordNeedsUppercase'],
      ['ALLUPPERCASE1', 'PasswordNeedsLowercase'],
      ['NoDigitsHere', 'PasswordNeedsNumber'],
      ['Password123', 'PasswordTooCommon'],
    ];
    for (const [password, reason] of cases) {
      const other = newEmail();
      const res = await call('POST', '/auth/register', { email: other, password, name: 'Y' });
      expect(res.status, password).toBe(400);
      expect(res.body).toMatchObject({ code: 'ValidationError', reason });
      expect(res.body.message).toMatch(/^(The|That) password /);
      expect((await call('POST', '/auth/login', { email: other, password })).status).toBe(401);
    }
    expect(
      (await call('POST', '/auth/register', { email: 'nope', password: PASSWORD, name: 'Z' }))
        .status,
    ).toBe(400);
  });

  // That both take as long (one password hash each) is measured by `npm run test:perf`
  // (apps/api/test/timings.perf.test.ts).
  it('answers an unknown email exactly like a wrong password', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    for (let i = 0; i < 2; i++) {
      const wrong = await call('POST', '/auth/login', { email, password: `Wrong-Pass-${i}0` });
      const unknown = await call('POST', '/auth/login', {
        email: newEmail(),
        password: `Wrong-Pass-${i}0`,
      });
      expect(unknown).toEqual(wrong);
      expect(wrong).toEqual({
        status: 401,
        body: { success: false, code: 'Unauthorized', message: 'Incorrect email or password.' },
      });
    }
  });

  it('locks an account out after repeated failures, known and unknown emails alike', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const stranger = newEmail();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/auth/login', { email, password: 'Wrong-Pass-11' })).status).toBe(
        401,
      );
      expect(
        (await call('POST', '/auth/login', { email: stranger, password: 'Wrong-Pass-11' })).status,
      ).toBe(401);
    }
    // Known and unknown addresses alike: 429 with the seconds left of the first 30-second lock.
    const lockedAnswer = {
      status: 429,
      body: {
        success: false,
        code: 'TooManyRequests',
        message: expect.stringMatching(
          /^Too many failed sign-in attempts\. Try again in (30|29|28) seconds\.$/,
        ) as unknown,
      },
    };
    expect(await call('POST', '/auth/login', { email, password: PASSWORD })).toEqual(lockedAnswer);
    expect(await call('POST', '/auth/login', { email: stranger, password: PASSWORD })).toEqual(
      lockedAnswer,
    );
  });

  it('burns a code after five wrong tries, honours only the newest and refuses expired ones', async () => {
    const call = client();
    const email = newEmail();
    let since = smtp.messages.length;
    await call('POST', '/auth/register', { email, password: PASSWORD, name: 'B' });
    const first = smtp.codeIn(await smtp.nextTo(email, since));
    const wrong = first === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++) {
      expect((await call('POST', '/auth/confirm', { email, code: wrong })).status).toBe(400);
    }
    expect((await call('POST', '/auth/confirm', { email, code: wrong })).body.message).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    // Burnt: even the right code is refused (429, no check made) until a new one is asked for.
    expect(await call('POST', '/auth/confirm', { email, code: first })).toMatchObject({
      status: 429,
      body: { message: 'Attempt limit exceeded, please try after some time.' },
    });

    since = smtp.messages.length;
    await allowNextCodeMail(email, 'confirm');
    expect((await call('POST', '/auth/resend-code', { email })).status).toBe(200);
    const second = smtp.codeIn(await smtp.nextTo(email, since));
    since = smtp.messages.length;
    await allowNextCodeMail(email, 'confirm');
    await call('POST', '/auth/resend-code', { email });
    const third = smtp.codeIn(await smtp.nextTo(email, since));
    if (second !== third) {
      expect((await call('POST', '/auth/confirm', { email, code: second })).status).toBe(400);
    }
    await api.app.database.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await call('POST', '/auth/confirm', { email, code: third })).body.message).toBe(
      'Invalid code provided, please request a code again.',
    );
    // Resending to an unknown or confirmed address says the same and sends nothing.
    const before = smtp.messages.length;
    const unknown = await call('POST', '/auth/resend-code', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    // The next mail is a new code asked for by the (still unconfirmed) account: a mail to the
    // unknown address would have come before it.
    await allowNextCodeMail(email, 'confirm');
    expect((await call('POST', '/auth/resend-code', { email })).status).toBe(200);
    const fourth = await smtp.nextTo(email, before);
    expect(smtp.messages.slice(before)).toEqual([fourth]);
  });

  it('rotates refresh tokens, lets two tabs refresh at once, and revokes the session on reuse', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const t0 = await login(call, email);
    const [tabA, tabB] = await Promise.all([
      call('POST', '/auth/refresh', { refreshToken: t0.refreshToken }),
      call('POST', '/auth/refresh', { refreshToken: t0.refreshToken }),
    ]);
    expect(tabA.status).toBe(200);
    expect(tabB.status).toBe(200);
    expect(tabA.body.data.refreshToken).not.toBe(t0.refreshToken);
    expect((await call('GET', '/auth/me', undefined, tabB.body.data.idToken)).status).toBe(200);

    // Past the grace period the old token is a replay: the whole session ends.
    await api.app.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 120_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    expect((await call('POST', '/auth/refresh', { refreshToken: t0.refreshToken })).status).toBe(
      401,
    );
    expect(
      (await call('POST', '/auth/refresh', { refreshToken: tabA.body.data.refreshToken })).body
        .message,
    ).toBe('Invalid refresh token.');
    expect((await call('GET', '/auth/me', undefined, tabA.body.data.idToken)).status).toBe(401);
  });

  it('logs out: the refresh token and the session’s id token stop working', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const other = await login(call, email);
    const t = await login(call, email);
    expect((await call('POST', '/auth/logout', { refreshToken: t.refreshToken })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { refreshToken: t.refreshToken })).status).toBe(
      401,
    );
    expect((await call('GET', '/auth/me', undefined, t.idToken)).body.message).toBe(
      'Your session has ended. Please sign in again.',
    );
    expect((await call('GET', '/auth/me', undefined, other.idToken)).status).toBe(200);
  });

  it('resets a forgotten password by code and ends every session', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const old = await login(call, email);
    const since = smtp.messages.length;
    const res = await call('POST', '/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(
      (await call('POST', '/auth/forgot-password', { email: 'ghost@example.com' })).body.message,
    ).toBe(res.body.message.replace(email, 'ghost@example.com'));
    const mail = await smtp.nextTo(email, since);
    expect(mail.subject).toMatch(/reset code/);
    const code = smtp.codeIn(mail);
    expect(
      (await call('POST', '/auth/confirm-forgot-password', { email, code, newPassword: 'weak' }))
        .status,
    ).toBe(400);
    const newPassword = 'Brand-New-Secret-7';
    expect(
      (await call('POST', '/auth/confirm-forgot-password', { email, code, newPassword })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/auth/confirm-forgot-password', { email, code, newPassword })).body
        .message,
    ).toBe('Invalid code provided, please request a code again.');
    expect((await call('GET', '/auth/me', undefined, old.idToken)).status).toBe(401);
    expect((await call('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(401);
    await login(call, email, newPassword);
  });

  it('changes the name and the password; a password change ends the other sessions only', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const mine = await login(call, email);
    const elsewhere = await login(call, email);
    const renamed = await call('PATCH', '/auth/me', { name: 'Grace Hopper' }, mine.idToken);
    expect(renamed.body.data.user.name).toBe('Grace Hopper');
    expect((await call('PATCH', '/auth/me', { name: '   ' }, mine.idToken)).status).toBe(400);
    expect(
      (await call('PATCH', '/auth/me', { name: 'X', email: 'x@y.z' }, mine.idToken)).status,
    ).toBe(400);

    const wrong = await call(
      'POST',
      '/auth/change-password',
      { currentPassword: 'Not-My-Pass-1', newPassword: 'Another-Secret-9' },
      mine.idToken,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'Current password is incorrect.' },
    });
    const ok = await call(
      'POST',
      '/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Another-Secret-9' },
      mine.idToken,
    );
    expect(ok.status).toBe(200);
    expect((await call('GET', '/auth/me', undefined, mine.idToken)).status).toBe(200);
    expect((await call('GET', '/auth/me', undefined, elsewhere.idToken)).status).toBe(401);
    await login(call, email, 'Another-Secret-9');
  });

  it('publishes the JWKS that verifies its tokens, and refuses forged ones', async () => {
    const call = client();
    const { email } = await registerAndConfirm(call);
    const t = await login(call, email);
    const jwks = (
      await api.app.inject({ method: 'GET', url: '/api/.well-known/jwks.json' })
    ).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload } = await jwtVerify(t.idToken, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({
      email,
      name: 'Ada Lovelace',
      groups: ['basic'],
      token_use: 'id',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBeLessThanOrEqual(3600);

    const [h, p] = t.idToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...payload, groups: ['superadmin'] }),
    ).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const token of [
      `${h}.${forgedPayload}.${t.idToken.split('.')[2]}`,
      unsigned,
      'not-a-token-at-all',
    ]) {
      expect((await call('GET', '/auth/me', undefined, token)).status).toBe(401);
    }
    expect((await call('GET', '/auth/me')).status).toBe(401);
  });

  it('never writes a password, code or token to the log', async () => {
    const call = client();
    const email = newEmail();
    const since = smtp.messages.length;
    await call('POST', '/auth/register', { email, password: PASSWORD, name: 'Log Check' });
    const code = smtp.codeIn(await smtp.nextTo(email, since));
    await call('POST', '/auth/confirm', { email, code });
    const t = await login(call, email);
    await call('GET', '/auth/me', undefined, t.idToken);
    await call('POST', '/auth/refresh', { refreshToken: t.refreshToken });
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, t.idToken, t.accessToken, t.refreshToken]) {
      expect(log).not.toContain(secret);
    }
    // The code as a number of its own (not six digits that happen to sit inside a timestamp).
    expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  });
});

describe(`superadmin bootstrap on ${engineUnderTest}`, () => {
  it('ensures one confirmed superadmin, idempotently, at every start', async () => {
    const boot = await createTestEnv({
      SUPERADMIN_EMAIL: 'Root@Example.com',
      SUPERADMIN_PASSWORD: 'Sup3r-Secret-Keeper',
    });
    try {
      for (let i = 0; i < 2; i++) {
        const a = await buildApp(boot.config, { logger: false });
        const users = await a.database.db.selectFrom('users').selectAll().execute();
        expect(users).toHaveLength(1);
        expect(users[0]).toMatchObject({
          email: 'root@example.com',
          status: 'CONFIRMED',
          enabled: 1,
        });
        const { idToken } = await logIn(a, 'root@example.com', 'Sup3r-Secret-Keeper');
        expect((await currentUser(a, idToken)).groups).toEqual(['superadmin']);
        await a.close();
      }
    } finally {
      await boot.cleanup();
    }
  });
});
