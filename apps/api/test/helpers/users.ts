import type { Role } from '@exemplar/shared/roles';
import type { FastifyInstance } from 'fastify';

let counter = 0;

export interface TestUser {
  email: string;
  password: string;
  username: string;
  idToken: string;
  refreshToken: string;
  auth: { authorization: string };
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
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: address, password },
    remoteAddress: `192.0.2.${(counter % 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const { idToken, refreshToken } = res.json().data;
  return {
    email: address,
    password,
    username,
    idToken,
    refreshToken,
    auth: { authorization: `Bearer ${idToken}` },
  };
}
