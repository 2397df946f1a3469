import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { smallCatalogue } from '../../../test/factories';
import { createTestEnv, engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userWithRole, type TestUser } from '../../../test/helpers/users';

const api = useTestApp({ smtp: true, users: ['superadmin'] });
const { smtp } = api;
const root = api.users.superadmin;

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who: TestUser = root,
  payload?: object,
) => api.request(method, url, { as: who, payload });

describe(`user management on ${engineUnderTest}`, () => {
  it('a superadmin setting a password mails the account owner (over SMTP); other changes and refused passwords mail nobody', async () => {
    const learner = await api.newUser('basic');
    const since = smtp.messages.length;
    expect(
      (await call('PUT', `/admin/users/${learner.username}`, root, { password: 'weak' })).status,
    ).toBe(400);
    expect(
      (await call('PUT', `/admin/users/${learner.username}`, root, { emailVerified: true })).status,
    ).toBe(200);

    const res = await call('PUT', `/admin/users/${learner.username}`, root, {
      password: 'Set-By-Admin-77',
    });
    expect(res.status).toBe(200);
    const mail = await smtp.nextTo(learner.email, since);
    expect(mail.subject).toBe('An administrator set a new password for your Exemplar account');
    expect(mail.text).toContain('Hello Test basic,');
    expect(mail.text).toContain('every session of it was signed out');
    expect(mail.text).not.toContain('Set-By-Admin-77');
    expect(mail.html).not.toContain('Set-By-Admin-77');
    // Setting it again mails the owner again, once: a mail sent by the refused password, the other
    // change or twice by the first set would come before this second notice.
    const again = smtp.messages.length;
    expect(
      (await call('PUT', `/admin/users/${learner.username}`, root, { password: 'Set-Again-88' }))
        .status,
    ).toBe(200);
    const second = await smtp.nextTo(learner.email, again);
    expect(smtp.mailsTo(learner.email, since)).toEqual([mail, second]);
    expect(second.subject).toBe(mail.subject);
    expect(smtp.messages.slice(since)).toEqual([mail, second]);
  });

  it('summarises accounts and lists them with the admin view of each', async () => {
    const learner = await api.newUser('basic');
    const registered = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'pending@example.com', password: 'Waiting-Secret-5', name: 'Pending' },
      remoteAddress: '198.51.100.7',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { body } = await call('GET', '/admin/users/dashboard');
    expect(body.data.total).toBe(body.data.users.length);
    expect(body.data.confirmed + body.data.unconfirmed).toBe(body.data.total);
    expect(body.data.unconfirmed).toBeGreaterThanOrEqual(1);
    const row = body.data.users.find((u: { email: string }) => u.email === learner.email);
    expect(row).toEqual({
      username: learner.username,
      email: learner.email,
      name: 'Test basic',
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
      groups: ['basic'],
      created: expect.any(String),
      lastModified: expect.any(String),
    });
    expect((await call('GET', `/admin/users/${learner.username}`)).body.data.user.email).toBe(
      learner.email,
    );
    expect(
      (await call('GET', `/admin/users/${encodeURIComponent(learner.email)}`)).body.data.user
        .username,
    ).toBe(learner.username);
    expect(await call('GET', '/admin/users/no-such-user')).toEqual({
      status: 404,
      body: { success: false, code: 'NotFound', message: 'User not found' },
    });
  });

  it('updates only the allowed fields and refuses to unconfirm', async () => {
    const learner = await api.newUser('basic');
    const key = learner.username;
    expect(
      (await call('PUT', `/admin/users/${key}`, root, { emailVerified: false })).body.data.user
        .emailVerified,
    ).toBe(false);
    expect(await call('PUT', `/admin/users/${key}`, root, { confirmed: false })).toMatchObject({
      status: 400,
      body: { message: 'A confirmed account cannot be unconfirmed.' },
    });
    for (const bad of [
      {},
      { name: 'X' },
      { enabled: 'yes' },
      { email: 'x@y.z' },
      { password: 'weak' },
    ]) {
      expect(
        (await call('PUT', `/admin/users/${key}`, root, bad)).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await call('GET', `/admin/users/${key}`)).body.data.user).toMatchObject({
      name: 'Test basic',
      enabled: true,
      status: 'CONFIRMED',
    });

    const res = await call('PUT', `/admin/users/${key}`, root, { password: 'Set-By-Admin-33' });
    expect(res.status).toBe(200);
    expect((await call('GET', '/auth/me', learner)).status).toBe(401);
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learner.email, password: 'Set-By-Admin-33' },
      remoteAddress: '203.0.113.9',
    });
    expect(login.statusCode).toBe(200);
  });

  it('disabling ends the sessions at once; enabling lets the user back in', async () => {
    const learner = await api.newUser('basic');
    expect((await call('GET', '/auth/me', learner)).status).toBe(200);
    await call('PUT', `/admin/users/${learner.username}`, root, { enabled: false });
    expect((await call('GET', '/auth/me', learner)).status).toBe(401);
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learner.email, password: learner.password },
      remoteAddress: '203.0.113.10',
    });
    expect(refused.json()).toMatchObject({ message: 'User is disabled.' });
    await call('PUT', `/admin/users/${learner.username}`, root, { enabled: true });
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: learner.email, password: learner.password },
          remoteAddress: '203.0.113.10',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('changes roles with immediate effect, and refuses unknown groups', async () => {
    const someone = await api.newUser('basic');
    expect((await call('GET', '/admin/users/dashboard', someone)).status).toBe(403);
    const added = await call('POST', `/admin/users/${someone.username}/groups`, root, {
      groupName: 'superadmin',
    });
    expect(added.body.data.user.groups).toEqual(['superadmin', 'basic']);
    expect((await call('GET', '/admin/users/dashboard', someone)).status).toBe(200);
    const removed = await call('DELETE', `/admin/users/${someone.username}/groups/superadmin`);
    expect(removed.body.data.user.groups).toEqual(['basic']);
    expect((await call('GET', '/admin/users/dashboard', someone)).status).toBe(403);
    expect(
      (await call('POST', `/admin/users/${someone.username}/groups`, root, { groupName: 'owner' }))
        .body.message,
    ).toBe('Invalid body: groupName: groupName must be one of superadmin, admin, basic.');
    expect((await call('DELETE', `/admin/users/${someone.username}/groups/owner`)).status).toBe(
      400,
    );
  });

  it('never deletes, disables or demotes the only enabled superadmin (409 Conflict, saying how to proceed)', async () => {
    const fresh = await createTestEnv();
    const solo = await buildApp(fresh.config, { logger: false });
    try {
      const only = await userWithRole(solo, 'superadmin');
      const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
        (await solo.inject({ method, url: `/api${url}`, headers: only.auth, payload })).json();
      const message =
        'The only enabled superadmin cannot be deleted, disabled or demoted: first give another enabled account the superadmin role.';
      expect(await send('DELETE', `/admin/users/${only.username}`)).toMatchObject({
        code: 'Conflict',
        message,
      });
      expect(await send('PUT', `/admin/users/${only.username}`, { enabled: false })).toMatchObject({
        code: 'Conflict',
        message,
      });
      expect(await send('DELETE', `/admin/users/${only.username}/groups/superadmin`)).toMatchObject(
        { code: 'Conflict', message },
      );
      const second = await userWithRole(solo, 'superadmin');
      expect(
        (await send('DELETE', `/admin/users/${second.username}/groups/superadmin`)).success,
      ).toBe(true);
      const me = await solo.inject({ method: 'GET', url: '/api/auth/me', headers: only.auth });
      expect(me.json().data.user.groups).toEqual(['superadmin']);
    } finally {
      await solo.close();
      await fresh.cleanup();
    }
  });

  it('deletes an account with its likes, solved marks and groups, and ends its sessions', async () => {
    const cat = await smallCatalogue(api.app.database.db);
    const learner = await api.newUser('basic');
    const db = api.app.database.db;
    const row = (await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', learner.username)
      .executeTakeFirst())!;
    const at = new Date().toISOString();
    await db
      .insertInto('likes')
      .values({ user_id: row.id, example_id: cat.ex.linear, created_at: at })
      .execute();
    await db
      .insertInto('solved_marks')
      .values({ user_id: row.id, example_id: cat.ex.linear, created_at: at })
      .execute();
    expect((await call('DELETE', `/admin/users/${learner.username}`)).body.message).toBe(
      'User deleted successfully.',
    );
    for (const table of ['likes', 'solved_marks', 'user_groups', 'refresh_tokens'] as const) {
      expect(
        await db.selectFrom(table).select('user_id').where('user_id', '=', row.id).execute(),
        table,
      ).toEqual([]);
    }
    expect((await call('GET', '/auth/me', learner)).status).toBe(401);
    expect((await call('GET', `/admin/users/${learner.username}`)).status).toBe(404);
  });

  it('records every user-management action in an audit log only superadmins read', async () => {
    const learner = await api.newUser('basic');
    await call('PUT', `/admin/users/${learner.username}`, root, {
      password: 'Audit-Secret-44',
      emailVerified: true,
    });
    await call('POST', `/admin/users/${learner.username}/groups`, root, { groupName: 'admin' });
    const { body } = await call('GET', '/admin/audit?limit=2');
    expect(body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.group.add',
      'user.update',
    ]);
    expect(body.data.entries[1]).toMatchObject({
      actor: root.email,
      targetType: 'user',
      targetId: learner.username,
      details: { password: 'changed', emailVerified: true, email: learner.email },
    });
    expect(JSON.stringify(body)).not.toContain('Audit-Secret-44');
    const admin = await api.newUser('admin');
    expect((await call('GET', '/admin/audit', admin)).status).toBe(403);
  });

  it('tells the caller what they may do', async () => {
    const admin = await api.newUser('admin');
    expect((await call('GET', '/admin/permissions', admin)).body.data).toEqual({
      role: 'admin',
      permissions: {
        'progress:write': true,
        'catalogue:write': true,
        'catalogue:restore-deleted': false,
        'users:manage': false,
        'audit:read': false,
      },
    });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/admin/permissions' })).statusCode,
    ).toBe(401);
  });
});
