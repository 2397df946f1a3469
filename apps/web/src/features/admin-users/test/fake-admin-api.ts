import { vi } from 'vitest';
import type { AdminUserView } from '../api/admin-user';
import type { AuditEntryView } from '../api/get-audit-log';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

export const ok = (data: unknown, message?: string) =>
  Response.json({ success: true, ...(message ? { message } : {}), data });

export const fail = (status: number, message: string, code = 'Error') =>
  Response.json({ success: false, code, message }, { status });

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

export interface FakeAdminApiOptions {
  /** The signed-in user (GET /auth/me). */
  me?: { username: string; email: string; name: string; groups: string[] };
  users?: AdminUserView[];
  audit?: AuditEntryView[];
  /** Tried before the fake's own answers (to force failures). */
  override?: Handler;
}

const ROOT_ME = { username: 'root-0001', email: 'root@example.com', name: 'Root Admin' };

/**
 * An in-memory admin users API behind a stubbed fetch: the dashboard, user details, PUT, DELETE,
 * group add/remove and the audit log, plus GET /auth/me and GET /me/progress (nothing yet) for the
 * signed-in user.
 */
export function fakeAdminApi(options: FakeAdminApiOptions = {}) {
  const me = options.me ?? { ...ROOT_ME, groups: ['superadmin'] };
  type Stored = { -readonly [K in keyof AdminUserView]: AdminUserView[K] };
  const users = new Map<string, Stored>(
    (options.users ?? Object.values(people)).map((u) => [u.username, { ...u }]),
  );
  const audit = options.audit ?? [];
  const calls: Call[] = [];

  const answer = (call: Call): Response => {
    if (call.method === 'GET' && call.path === '/auth/me') {
      return ok({
        user: {
          ...me,
          sub: me.username,
          status: 'CONFIRMED',
          enabled: true,
          emailVerified: true,
          createdAt: '2025-12-01T08:00:00.000Z',
          updatedAt: '2025-12-01T08:00:00.000Z',
        },
      });
    }
    if (call.method === 'GET' && call.path === '/admin/users/dashboard') {
      const list = [...users.values()];
      const confirmed = list.filter((u) => u.status === 'CONFIRMED').length;
      return ok({
        total: list.length,
        confirmed,
        unconfirmed: list.length - confirmed,
        users: list,
      });
    }
    if (call.method === 'GET' && call.path === '/admin/audit') return ok({ entries: audit });
    if (call.method === 'GET' && call.path === '/me/progress') {
      // A learner who has not liked or solved anything yet.
      return ok({ total: 0, solved: 0, liked: 0, categories: [], subjects: [] });
    }

    const match = /^\/admin\/users\/([^/]+)(?:\/groups(?:\/([^/]+))?)?$/.exec(call.path);
    if (!match) return fail(404, `No fake for ${call.method} ${call.path}`, 'NotFound');
    const username = decodeURIComponent(match[1]!);
    const user = users.get(username);
    if (!user) return fail(404, 'User not found', 'NotFound');
    const isGroups = call.path.includes('/groups');
    const body = (call.body ?? {}) as Record<string, unknown>;

    if (!isGroups && call.method === 'GET') return ok({ user });
    if (!isGroups && call.method === 'PUT') {
      if (body['confirmed'] === false && user.status === 'CONFIRMED') {
        return fail(400, 'A confirmed account cannot be unconfirmed.', 'ValidationError');
      }
      if (typeof body['enabled'] === 'boolean') user.enabled = body['enabled'];
      if (body['confirmed'] === true) user.status = 'CONFIRMED';
      if (typeof body['emailVerified'] === 'boolean') user.emailVerified = body['emailVerified'];
      // The user's whole set of roles after the save.
      if (Array.isArray(body['groups'])) user.groups = body['groups'] as AdminUserView['groups'];
      user.lastModified = '2026-04-01T12:00:00.000Z';
      return ok({ user }, 'User updated successfully.');
    }
    if (!isGroups && call.method === 'DELETE') {
      users.delete(username);
      return ok(null, 'User deleted successfully.');
    }
    if (isGroups && call.method === 'POST') {
      const group = body['groupName'] as AdminUserView['groups'][number];
      if (!user.groups.includes(group)) user.groups = [...user.groups, group];
      return ok({ user }, `Added to ${group}.`);
    }
    if (isGroups && call.method === 'DELETE') {
      const group = decodeURIComponent(match[2]!);
      user.groups = user.groups.filter((g) => g !== group);
      return ok({ user }, `Removed from ${group}.`);
    }
    return fail(405, 'Method not allowed');
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return (await options.override?.(call)) ?? answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The calls that change something (not GETs). */
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, writes, users, fetchMock };
}
