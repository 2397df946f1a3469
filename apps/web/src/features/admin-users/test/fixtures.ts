import type { Routes } from '../../../test/fake-api';
import { fail, ok } from '../../../test/fake-api';
import type { AdminUserView } from '../api/admin-user';
import type { AuditEntryView } from '../api/get-audit-log';

/** A user as GET /admin/users/… returns it, Ada by default. */
export function adminUser(overrides: Partial<AdminUserView> = {}): AdminUserView {
  return {
    username: 'ada-7f3a',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    status: 'CONFIRMED',
    enabled: true,
    emailVerified: true,
    groups: ['basic'],
    created: '2026-01-15T10:00:00.000Z',
    lastModified: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}

export const people = {
  root: adminUser({
    username: 'root-0001',
    email: 'root@example.com',
    name: 'Root Admin',
    groups: ['superadmin'],
    created: '2025-12-01T08:00:00.000Z',
  }),
  ada: adminUser(),
  grace: adminUser({
    username: 'grace-22b1',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    groups: ['admin', 'basic'],
    created: '2026-01-20T10:00:00.000Z',
  }),
  zed: adminUser({
    username: 'zed-9c0d',
    email: 'zed@example.org',
    name: '',
    status: 'UNCONFIRMED',
    emailVerified: false,
    groups: ['basic'],
    created: '2026-03-02T12:00:00.000Z',
  }),
};

/** A second enabled superadmin (not in `people`): with them, people.root is not the only one. */
export const secondSuperadmin = adminUser({
  username: 'sam-5e6f',
  email: 'sam@example.com',
  name: 'Sam Second',
  groups: ['superadmin'],
  created: '2026-02-10T10:00:00.000Z',
});

export interface AdminUsersOptions {
  /** The signed-in user (GET /auth/me). */
  me?: { username: string; email: string; name: string; groups: string[] };
  users?: AdminUserView[];
  audit?: AuditEntryView[];
}

const ROOT_ME = { username: 'root-0001', email: 'root@example.com', name: 'Root Admin' };

type Stored = { -readonly [K in keyof AdminUserView]: AdminUserView[K] };

/**
 * Routes for test/fake-api.ts: the admin users API over `users` (people by default), kept in
 * memory: the dashboard, user details, PUT, DELETE, group add/remove and the audit log, plus
 * GET /auth/me and GET /me/progress (nothing yet) for the signed-in `me` (root by default).
 */
export function adminUsersRoutes(options: AdminUsersOptions = {}): Routes {
  const me = options.me ?? { ...ROOT_ME, groups: ['superadmin'] };
  const users = new Map<string, Stored>(
    (options.users ?? Object.values(people)).map((u) => [u.username, { ...u }]),
  );
  const audit = options.audit ?? [];
  const withUser =
    (answer: (user: Stored, username: string, body: Record<string, unknown>) => unknown) =>
    ({ params, body }: { params: Record<string, string>; body: unknown }) => {
      const user = users.get(params['username']!);
      if (!user) return fail(404, 'User not found');
      return answer(user, params['username']!, (body ?? {}) as Record<string, unknown>);
    };

  return {
    'GET /auth/me': {
      user: {
        ...me,
        sub: me.username,
        status: 'CONFIRMED',
        enabled: true,
        emailVerified: true,
        createdAt: '2025-12-01T08:00:00.000Z',
        updatedAt: '2025-12-01T08:00:00.000Z',
      },
    },
    'GET /admin/audit': { entries: audit },
    // A learner who has not liked or solved anything yet.
    'GET /me/progress': {
      total: 0,
      solved: 0,
      solvedWithoutHelp: 0,
      liked: 0,
      mastered: 0,
      categories: [],
      subjects: [],
    },
    'GET /admin/users/:username': withUser((user) => ({ user })),
    'PUT /admin/users/:username': withUser((user, _, body) => {
      if (body['confirmed'] === false && user.status === 'CONFIRMED') {
        return fail(400, 'A confirmed account cannot be unconfirmed.');
      }
      if (typeof body['enabled'] === 'boolean') user.enabled = body['enabled'];
      if (body['confirmed'] === true) user.status = 'CONFIRMED';
      if (typeof body['emailVerified'] === 'boolean') user.emailVerified = body['emailVerified'];
      // The user's whole set of roles after the save.
      if (Array.isArray(body['groups'])) user.groups = body['groups'] as AdminUserView['groups'];
      user.lastModified = '2026-04-01T12:00:00.000Z';
      return ok({ user }, 'User updated successfully.');
    }),
    'DELETE /admin/users/:username': withUser((_, username) => {
      users.delete(username);
      return ok(null, 'User deleted successfully.');
    }),
    'POST /admin/users/:username/groups': withUser((user, _, body) => {
      const group = body['groupName'] as AdminUserView['groups'][number];
      if (!user.groups.includes(group)) user.groups = [...user.groups, group];
      return ok({ user }, `Added to ${group}.`);
    }),
    'DELETE /admin/users/:username/groups/:group': (call) =>
      withUser((user) => {
        user.groups = user.groups.filter((g) => g !== call.params['group']);
        return ok({ user }, `Removed from ${call.params['group']}.`);
      })(call),
    // After the :username routes, so it is asked first.
    'GET /admin/users/dashboard': () => {
      const list = [...users.values()];
      const confirmed = list.filter((u) => u.status === 'CONFIRMED').length;
      return { total: list.length, confirmed, unconfirmed: list.length - confirmed, users: list };
    },
  };
}

/** The calls that change something (not GETs). */
export const writesOf = <T extends { method: string }>(calls: readonly T[]) =>
  calls.filter((call) => call.method !== 'GET');
