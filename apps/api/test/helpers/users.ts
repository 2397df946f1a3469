import type { Role } from '@exemplar/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

let counter = 0;

export interface TestUser {
  email: string;
  password: string;
  username: string;
  idToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

/** The database id of a test account (found by its email). */
export async function userId(db: Kysely<Database>, user: Pick<TestUser, 'email'>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a confirmed account in `role` through the service and logs in through the real route. */
export async function userWithRole(
  app: FastifyInstance,
  role: Role,
  email?: string,
): Promise<TestUser> {
  const address = email ?? `${role}${++counter}.${Date.now()}@example.com`;
  const password = 'Fixture-Secret-91';
  const { username } = await app.auth.ensureUser({
    email: address,
    password,
    name: `Test ${role}`,
    role,
  });
  const { idToken, refreshToken } = await logIn(
    app,
    address,
    password,
    `192.0.2.${(counter % 250) + 1}`,
  );
  return {
    email: address,
    password,
    username,
    idToken,
    refreshToken,
    auth: { authorization: `Bearer ${idToken}` },
  };
}

/** Signs in through the real route (POST /api/auth/login); throws with the answer unless 200. */
export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The signed-in user as GET /api/auth/me answers for `idToken`. */
export async function currentUser(app: FastifyInstance, idToken: string) {
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (me.statusCode !== 200) throw new Error(`me failed: ${me.statusCode} ${me.body}`);
  return me.json().data.user;
}
