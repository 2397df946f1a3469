import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../test/helpers/test-db';
import { createDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createKeyring, InvalidTokenError, TOKEN_TTL_SECONDS, type SessionClaims } from './jwt';

let env: TestEnv;
let database: Db;
let now: Date;
beforeEach(async () => {
  env = await createTestEnv();
  database = createDatabase({ dataDir: env.config.dataDir, databaseUrl: env.config.DATABASE_URL });
  await migrate(database);
  now = new Date('2026-11-28T12:00:00Z');
});
afterEach(async () => {
  await database.close();
  await env.cleanup();
});

const claims: SessionClaims = {
  sub: 'learner-1',
  email: 'learner@example.com',
  name: 'Lee Learner',
  groups: ['basic'],
  token_use: 'id',
  sid: 'session-1',
};

/** The token with one character of its part `part` (0 header, 1 payload, 2 signature) changed. */
function altered(token: string, part: 0 | 1 | 2): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  return parts.join('.');
}

describe(`session tokens (verified ones remembered) on ${engineUnderTest}`, () => {
  it('answers the same claims for a token verified again', async () => {
    const keyring = await createKeyring(database.db, () => now);
    const token = await keyring.sign(claims);
    expect(await keyring.verify(token)).toMatchObject(claims);
    expect(await keyring.verify(token)).toMatchObject(claims);
  });

  it('refuses a token with its payload or signature altered after the genuine one was verified', async () => {
    const keyring = await createKeyring(database.db, () => now);
    const token = await keyring.sign(claims);
    await keyring.verify(token);
    // A payload that names another learner, with the genuine signature: refused.
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin-1' })).toString('base64url')}.${signature}`;
    await expect(keyring.verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(keyring.verify(altered(token, 1))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(keyring.verify(altered(token, 2))).rejects.toBeInstanceOf(InvalidTokenError);
    // The genuine token is still answered.
    expect((await keyring.verify(token)).sub).toBe('learner-1');
  });

  it('refuses a remembered token once it has expired, as it refuses one seen for the first time', async () => {
    const keyring = await createKeyring(database.db, () => now);
    const remembered = await keyring.sign(claims);
    const unseen = await keyring.sign({ ...claims, sid: 'session-2' });
    await keyring.verify(remembered);
    now = new Date(now.getTime() + (TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await keyring.verify(remembered)).sid).toBe('session-1');
    now = new Date(now.getTime() + 1000);
    await expect(keyring.verify(remembered)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(keyring.verify(unseen)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(keyring.verify(remembered)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
