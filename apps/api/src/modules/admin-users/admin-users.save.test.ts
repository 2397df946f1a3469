import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../test/helpers/test-db';
import { userWithRole, type TestUser } from '../../../test/helpers/users';

let env: TestEnv;
let app: FastifyInstance;
let root: TestUser;

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(env.config, { logger: false });
  root = await userWithRole(app, 'superadmin');
});
afterAll(async () => {
  await app.close();
  await env.cleanup();
});

const call = async (
  target: FastifyInstance,
  method: 'GET' | 'PUT',
  url: string,
  who: TestUser,
  payload?: object,
) => {
  const res = await target.inject({ method, url: `/api${url}`, headers: who.auth, payload });
  return { status: res.statusCode, body: res.json() };
};

/** The account as superadmins see it, and the newest audit entries. */
const account = async (target: FastifyInstance, who: TestUser, key: string) =>
  (await call(target, 'GET', `/admin/users/${key}`, who)).body.data.user;
const auditIds = async (target: FastifyInstance, who: TestUser) =>
  (await call(target, 'GET', '/admin/audit?limit=200', who)).body.data.entries.map(
    (e: { id: number }) => e.id,
  );

describe(`one save of an account (PUT /admin/users/{username} with groups) on ${engineUnderTest}`, () => {
  it('applies the fields and the whole role set at once, and the audit log records each part', async () => {
    const learner = await userWithRole(app, 'basic');
    const saved = await call(app, 'PUT', `/admin/users/${learner.username}`, root, {
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('User updated successfully.');
    expect(saved.body.data.user).toMatchObject({
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    expect(await account(app, root, learner.username)).toMatchObject({
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    // The new role takes effect at once.
    expect((await call(app, 'GET', '/admin/permissions', learner)).body.data.role).toBe('admin');

    const demoted = await call(app, 'PUT', `/admin/users/${learner.username}`, root, {
      groups: ['basic'],
    });
    expect(demoted.body.data.user.groups).toEqual(['basic']);

    const { body } = await call(app, 'GET', '/admin/audit?limit=3', root);
    expect(
      body.data.entries.map((e: { action: string; details: object }) => [e.action, e.details]),
    ).toEqual([
      ['user.group.remove', { email: learner.email, group: 'admin' }],
      ['user.group.add', { email: learner.email, group: 'admin' }],
      ['user.update', { email: learner.email, emailVerified: false }],
    ]);
    for (const entry of body.data.entries) {
      expect(entry).toMatchObject({ actor: root.email, targetId: learner.username });
    }
  });

  it('changes nothing when one part is refused: an unconfirm, an unknown role, a weak password', async () => {
    const learner = await userWithRole(app, 'basic');
    const before = await account(app, root, learner.username);
    const entries = await auditIds(app, root);
    const refused = [
      [
        { confirmed: false, groups: ['admin', 'basic'] },
        'A confirmed account cannot be unconfirmed.',
      ],
      [
        { emailVerified: false, groups: ['owner'] },
        'Invalid body: groups.0: groups must hold only superadmin, admin, basic.',
      ],
      [{ password: 'weak', groups: ['superadmin'] }, undefined],
    ] as const;
    for (const [payload, message] of refused) {
      const res = await call(app, 'PUT', `/admin/users/${learner.username}`, root, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await account(app, root, learner.username)).toEqual(before);
    expect(await auditIds(app, root)).toEqual(entries);
  });

  it('keeps the only enabled superadmin one: a save that would demote it changes none of its fields either (409)', async () => {
    const fresh = await createTestEnv();
    const solo = await buildApp(fresh.config, { logger: false });
    try {
      const only = await userWithRole(solo, 'superadmin');
      const before = await account(solo, only, only.username);
      const entries = await auditIds(solo, only);
      const res = await call(solo, 'PUT', `/admin/users/${only.username}`, only, {
        emailVerified: false,
        groups: ['admin'],
      });
      expect(res).toMatchObject({ status: 409, body: { code: 'Conflict' } });
      expect(await account(solo, only, only.username)).toEqual(before);
      expect(await auditIds(solo, only)).toEqual(entries);
    } finally {
      await solo.close();
      await fresh.cleanup();
    }
  });
});
