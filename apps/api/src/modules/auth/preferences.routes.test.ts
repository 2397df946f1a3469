import { describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../../../test/helpers/fingerprint';
import { useTestApp } from '../../../test/helpers/test-app';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { logIn, type TestUser } from '../../../test/helpers/users';
import { PREFERENCE_SAVES_PER_MINUTE } from './auth.routes';

const api = useTestApp({ smtp: true });
const { smtp } = api;

let n = 0;
/** Each request from an address of its own: per-address limits never decide a test. */
const nextIp = () => `10.46.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`;

async function call(method: 'GET' | 'PATCH', user?: { idToken: string }, payload?: unknown) {
  const res = await api.app.inject({
    method,
    url: '/api/me/preferences',
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

const tryFirstOf = async (user: { idToken: string }) => {
  const res = await call('GET', user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.preferences.tryFirst as boolean;
};

const setTryFirst = async (user: TestUser, tryFirst: boolean) => {
  const res = await call('PATCH', user, { tryFirst });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe(`a learner's preferences (GET and PATCH /api/me/preferences) on ${engineUnderTest}`, () => {
  it("has try first on for an account registered through the API, answered as the caller's own (no-store)", async () => {
    const email = `pref${Date.now()}@example.com`;
    const password = 'Try-First-Secret-46';
    const since = smtp.messages.length;
    const registered = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, name: 'Noether' },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const code = smtp.codeIn(await smtp.nextTo(email, since));
    const confirmed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { email, code },
      remoteAddress: nextIp(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const tokens = await logIn(api.app, email, password, nextIp());

    const res = await call('GET', tokens);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { preferences: { tryFirst: true } } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("PATCH turns try first off and on again; the choice is the account's, kept for a new session", async () => {
    const ada = await api.newUser('basic');
    const off = await call('PATCH', ada, { tryFirst: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      success: true,
      message: 'Preferences saved.',
      data: { preferences: { tryFirst: false } },
    });
    expect(off.headers['cache-control']).toBe('no-store');
    expect(await tryFirstOf(ada)).toBe(false);

    // Signed in again: a new session reads the same choice.
    const again = await logIn(api.app, ada.email, ada.password, nextIp());
    expect(again.idToken).not.toBe(ada.idToken);
    expect(await tryFirstOf(again)).toBe(false);

    // Saving the same value again changes nothing and says so the same way.
    expect((await call('PATCH', again, { tryFirst: false })).body.data).toEqual({
      preferences: { tryFirst: false },
    });
    await setTryFirst(ada, true);
    expect(await tryFirstOf(again)).toBe(true);
  });

  it("one account's choice does not change another's", async () => {
    const ada = await api.newUser('basic');
    const bob = await api.newUser('basic');
    const editor = await api.newUser('admin');
    await setTryFirst(ada, false);
    expect(await tryFirstOf(ada)).toBe(false);
    expect(await tryFirstOf(bob)).toBe(true);
    expect(await tryFirstOf(editor)).toBe(true);
    await setTryFirst(bob, false);
    await setTryFirst(ada, true);
    expect(await tryFirstOf(ada)).toBe(true);
    expect(await tryFirstOf(bob)).toBe(false);
    expect(await tryFirstOf(editor)).toBe(true);
  });

  it('answers a visitor 401 on both, changing nothing', async () => {
    const before = await databaseFingerprint(api.app.database.db);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { tryFirst: false }],
    ] as const) {
      const res = await call(method, undefined, payload);
      expect(res.status, method).toBe(401);
      expect(res.body, method).toMatchObject({ success: false, code: 'Unauthorized' });
      expect(res.headers['cache-control'], method).toBe('no-store');
    }
    expect(await databaseFingerprint(api.app.database.db)).toBe(before);
  });

  it('refuses a body with no preference, a value that is not true or false, or an unknown field: 400 with a plain message, and nothing changes', async () => {
    const ada = await api.newUser('basic');
    const cases: { from: boolean; body: unknown; message: string }[] = [
      {
        from: true,
        body: {},
        message: 'Invalid body: Send at least one preference to change: tryFirst.',
      },
      // Were "yes" read as true, an account that had it off would find it on.
      {
        from: false,
        body: { tryFirst: 'yes' },
        message: 'Invalid body: tryFirst: tryFirst must be true or false.',
      },
      {
        from: false,
        body: { tryFirst: 1 },
        message: 'Invalid body: tryFirst: tryFirst must be true or false.',
      },
      {
        from: false,
        body: { tryFirst: null },
        message: 'Invalid body: tryFirst: tryFirst must be true or false.',
      },
      // Were the unknown field ignored, the valid one beside it would be saved.
      {
        from: true,
        body: { tryFirst: false, colour: 'red' },
        message: 'Invalid body: Unrecognized key: "colour"',
      },
    ];
    for (const { from, body, message } of cases) {
      await setTryFirst(ada, from);
      const before = await databaseFingerprint(api.app.database.db);
      const res = await call('PATCH', ada, body);
      const what = JSON.stringify(body);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ success: false, code: 'ValidationError' });
      expect(res.body.message, what).toBe(message);
      expect(await tryFirstOf(ada), what).toBe(from);
      expect(await databaseFingerprint(api.app.database.db), what).toBe(before);
    }
  });

  it(`allows ${PREFERENCE_SAVES_PER_MINUTE} saves a minute per account, then 429 changing nothing; another account is not held back`, async () => {
    const ada = await api.newUser('basic');
    const bob = await api.newUser('basic');
    for (let i = 0; i < PREFERENCE_SAVES_PER_MINUTE; i++) {
      await setTryFirst(ada, i % 2 === 0);
    }
    const last = await tryFirstOf(ada);
    const refused = await call('PATCH', ada, { tryFirst: !last });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'TooManyRequests' });
    expect(await tryFirstOf(ada)).toBe(last);
    // Reading is not limited by the saves; another account saves freely.
    await setTryFirst(bob, false);
    expect(await tryFirstOf(bob)).toBe(false);
  });
});
