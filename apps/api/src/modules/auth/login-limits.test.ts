import { describe, expect, it } from 'vitest';
import { httpRequest } from '../../../test/helpers/http';
import { useTestApp } from '../../../test/helpers/test-app';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { LOGINS_PER_ADDRESS_PER_MINUTE } from './auth.routes';
import { LOGIN_FREE_FAILURES } from './login-lockout';

// Over real HTTP from one local address: a school signing in at 9:00 behind one public address.
const api = useTestApp({ listen: true });
const SCHOOL = '127.0.0.7';
const PASSWORD = 'Class-Room-Secret-7';

const login = (email: string, password: string) =>
  httpRequest(`${api.base}/api/auth/login`, {
    body: { email, password },
    localAddress: SCHOOL,
  });

/** A confirmed account made through the service (not signed in). */
async function account(name: string): Promise<string> {
  const email = `${name}.${Date.now()}@example.com`;
  await api.app.auth.ensureUser({ email, password: PASSWORD, name, role: 'basic' });
  return email;
}

describe(`signing in from one address on ${engineUnderTest}`, () => {
  it('a class of 40 learners signs in from one address within a minute; guessing one account’s password is still locked out', async () => {
    expect(LOGINS_PER_ADDRESS_PER_MINUTE).toBeGreaterThanOrEqual(300);
    const emails: string[] = [];
    for (let i = 0; i < 40; i++) emails.push(await account(`learner${i}`));
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await login(email, PASSWORD)).status);
    expect(statuses).toEqual(Array(40).fill(200));

    // Brute force on one account from the same address: its lock-out stops it, not the limit.
    const target = await account('target');
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      expect((await login(target, `Wrong-Guess-${i}`)).status).toBe(401);
    }
    const locked = await login(target, 'Wrong-Guess-again');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toMatchObject({ code: 'TooManyRequests' });
    expect((locked.body as { message: string }).message).toMatch(
      /^Too many failed sign-in attempts\. Try again in /,
    );
    // Even the right password waits for the lock; the class's other accounts do not.
    expect((await login(target, PASSWORD)).status).toBe(429);
    expect((await login(emails[0]!, PASSWORD)).status).toBe(200);
  });
});
