import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../test/helpers/test-db';
import { createDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { addSignup } from './newsletter.repository';

let env: TestEnv;
let database: Db;
afterEach(async () => {
  await database.close();
  await env.cleanup();
});

describe(`newsletter repository on ${engineUnderTest}`, () => {
  it('stores an address once', async () => {
    env = await createTestEnv();
    database = createDatabase({
      dataDir: env.config.dataDir,
      databaseUrl: env.config.DATABASE_URL,
    });
    await migrate(database);
    const at = new Date().toISOString();
    expect(await addSignup(database.db, 'a@example.com', at)).toBe(true);
    expect(await addSignup(database.db, 'a@example.com', at)).toBe(false);
    expect(await addSignup(database.db, 'b@example.com', at)).toBe(true);
    const rows = await database.db
      .selectFrom('newsletter_signups')
      .select('email')
      .orderBy('email')
      .execute();
    expect(rows.map((r) => r.email)).toEqual(['a@example.com', 'b@example.com']);
  });
});
