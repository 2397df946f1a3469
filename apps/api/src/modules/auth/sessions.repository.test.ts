import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../test/helpers/test-db';
import { createDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { insertRefreshToken, revokeFamily, sessionUser } from './sessions.repository';
import { addGroup, insertUser } from './users.repository';

const NOW = '2026-11-29T12:00:00.000Z';
const HOUR_AGO = '2026-11-29T11:00:00.000Z';
const LATER = '2026-12-29T12:00:00.000Z';
const DAY_AGO = '2026-11-28T12:00:00.000Z';

let env: TestEnv;
let database: Db;
beforeEach(async () => {
  env = await createTestEnv();
  database = createDatabase({ dataDir: env.config.dataDir, databaseUrl: env.config.DATABASE_URL });
  await migrate(database);
});
afterEach(async () => {
  await database.close();
  await env.cleanup();
});

async function account(username: string, { enabled = true, groups = ['basic'] } = {}) {
  const id = await insertUser(database.db, {
    username,
    email: `${username}@example.com`,
    name: username,
    password_hash: 'x',
    status: 'CONFIRMED',
    enabled: enabled ? 1 : 0,
    email_verified: 1,
    created_at: DAY_AGO,
    updated_at: DAY_AGO,
  });
  for (const group of groups) await addGroup(database.db, id, group, DAY_AGO);
  return id;
}

async function session(userId: number, familyId: string, startedAt = HOUR_AGO, expiresAt = LATER) {
  await insertRefreshToken(database.db, {
    userId,
    familyId,
    tokenHash: `hash-${familyId}-${Math.random()}`,
    parentId: null,
    now: startedAt,
    expiresAt,
    sessionStartedAt: startedAt,
  });
}

const lookUp = (username: string, familyId: string, startedAfter = DAY_AGO) =>
  sessionUser(database.db, username, familyId, NOW, startedAfter);

describe(`the account behind a bearer token, in one statement, on ${engineUnderTest}`, () => {
  it('names the account, its groups in order of precedence, and a live session', async () => {
    const id = await account('ada', { groups: ['basic', 'superadmin', 'admin'] });
    await session(id, 'fam-1');
    expect(await lookUp('ada', 'fam-1')).toEqual({
      id,
      username: 'ada',
      email: 'ada@example.com',
      name: 'ada',
      enabled: true,
      groups: ['superadmin', 'admin', 'basic'],
      live: true,
    });
  });

  it('an account in no group has none; a disabled one says so', async () => {
    const id = await account('bea', { enabled: false, groups: [] });
    await session(id, 'fam-2');
    expect(await lookUp('bea', 'fam-2')).toMatchObject({ groups: [], enabled: false, live: true });
  });

  it('a session is not live once revoked, expired, past its lifetime, or unknown', async () => {
    const id = await account('cy');
    await session(id, 'revoked');
    await revokeFamily(database.db, 'revoked', NOW);
    await session(id, 'expired', HOUR_AGO, HOUR_AGO);
    await session(id, 'old', DAY_AGO);
    expect(await lookUp('cy', 'revoked')).toMatchObject({ live: false });
    expect(await lookUp('cy', 'expired')).toMatchObject({ live: false });
    expect(await lookUp('cy', 'old', DAY_AGO)).toMatchObject({ live: false });
    expect(await lookUp('cy', 'no-such-family')).toMatchObject({ live: false });
    // One live token of the family is enough (a refresh rotates them).
    await session(id, 'old', HOUR_AGO);
    expect(await lookUp('cy', 'old', DAY_AGO)).toMatchObject({ live: true });
  });

  it('no such account: undefined', async () => {
    expect(await lookUp('nobody', 'fam-1')).toBeUndefined();
  });
});
