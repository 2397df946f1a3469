import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { TestUser } from '../../../test/helpers/users';

const api = useTestApp({ users: ['superadmin'] });
const { superadmin: root } = api.users;

const call = (
  target: TestApp,
  method: 'GET' | 'PUT',
  url: string,
  who: TestUser,
  payload?: object,
) => target.request(method, url, { as: who, payload });

/** The account as superadmins see it, and the newest audit entries. */
const account = async (target: TestApp, who: TestUser, key: string) =>
  (await call(target, 'GET', `/admin/users/${key}`, who)).body.data.user;
const auditIds = async (target: TestApp, who: TestUser) =>
  (await call(target, 'GET', '/admin/audit?limit=200', who)).body.data.entries.map(
    (e: { id: number }) => e.id,
  );

describe(`one save of an account (PUT /admin/users/{username} with groups) on ${engineUnderTest}`, () => {
  it('applies the fields and the whole role set at once, and the audit log records each part', async () => {
    const learner = await api.newUser('basic');
    const saved = await call(api, 'PUT', `/admin/users/${learner.username}`, root, {
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('User updated successfully.');
    expect(saved.body.data.user).toMatchObject({
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    expect(await account(api, root, learner.username)).toMatchObject({
      emailVerified: false,
      groups: ['admin', 'basic'],
    });
    // The new role takes effect at once.
    expect((await call(api, 'GET', '/admin/permissions', learner)).body.data.role).toBe('admin');

    const demoted = await call(api, 'PUT', `/admin/users/${learner.username}`, root, {
      groups: ['basic'],
    });
    expect(demoted.body.data.user.groups).toEqual(['basic']);

    const { body } = await call(api, 'GET', '/admin/audit?limit=3', root);
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

  it('counts a role named twice once: one change and one audit entry', async () => {
    const learner = await api.newUser('basic');
    const saved = await call(api, 'PUT', `/admin/users/${learner.username}`, root, {
      groups: ['admin', 'admin', 'basic'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.user.groups).toEqual(['admin', 'basic']);
    const { body } = await call(api, 'GET', '/admin/audit?limit=20', root);
    const about = body.data.entries.filter(
      (e: { targetId: string }) => e.targetId === learner.username,
    );
    expect(about.map((e: { action: string; details: object }) => [e.action, e.details])).toEqual([
      ['user.group.add', { email: learner.email, group: 'admin' }],
    ]);
  });

  it('changes nothing when one part is refused: an unconfirm, an unknown role, a weak password', async () => {
    const learner = await api.newUser('basic');
    const before = await account(api, root, learner.username);
    const entries = await auditIds(api, root);
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
      const res = await call(api, 'PUT', `/admin/users/${learner.username}`, root, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await account(api, root, learner.username)).toEqual(before);
    expect(await auditIds(api, root)).toEqual(entries);
  });

  describe('on an app whose only superadmin saves itself', () => {
    const solo = useTestApp({ users: ['superadmin'] });

    it('keeps the only enabled superadmin one: a save that would demote it changes none of its fields either (409)', async () => {
      const only = solo.users.superadmin;
      const before = await account(solo, only, only.username);
      const entries = await auditIds(solo, only);
      const res = await call(solo, 'PUT', `/admin/users/${only.username}`, only, {
        emailVerified: false,
        groups: ['admin'],
      });
      expect(res).toMatchObject({ status: 409, body: { code: 'Conflict' } });
      expect(await account(solo, only, only.username)).toEqual(before);
      expect(await auditIds(solo, only)).toEqual(entries);
    });
  });
});
