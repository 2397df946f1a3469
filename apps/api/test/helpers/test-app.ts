import type { Role } from '@exemplar/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app';
import { smallCatalogue } from '../factories';
import { startSmtp, type TestSmtp } from './smtp';
import { createTestEnv, type TestEnv } from './test-db';
import { userWithRole, type TestUser } from './users';

/**
 * The one fixture of the API suites: an app built on a fresh test database (SQLite, or a schema of
 * its own on PostgreSQL when DATABASE_URL is set; see test-db.ts), with what a suite asks for, and
 * requests injected as a role. `useTestApp()` registers its own beforeAll and afterAll.
 */
export interface TestAppOptions {
  /** Extra environment for the config (e.g. REDIS_URL). */
  env?: Record<string, string>;
  /** SEED=demo: the demo catalogue the app loads itself. */
  seed?: 'demo';
  /** The small catalogue of test/factories.ts, in `cat`. */
  catalogue?: boolean;
  /** A real SMTP capture (helpers/smtp.ts) as SMTP_URL, in `smtp`. */
  smtp?: boolean;
  /** Accounts made in beforeAll, in this order, in `users` (others are made on first use). */
  users?: Role[];
  /** Listen on a loopback port for real HTTP; the base URL is in `base`. */
  listen?: boolean;
  /** The app's logger (off by default). */
  logger?: BuildOptions['logger'];
  /** Other options of buildApp (e.g. smaller sitemaps). */
  build?: Omit<BuildOptions, 'logger'>;
}

export type SmallCatalogue = Awaited<ReturnType<typeof smallCatalogue>>;

/** Who sends a request: nobody signed in, one account of a role, or a given account. */
export type Caller = 'visitor' | Role | TestUser;

export interface RequestOptions {
  as?: Caller;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly env: TestEnv;
  /** Filled in beforeAll (with `catalogue: true`): safe to destructure at the top of a file. */
  readonly cat: SmallCatalogue;
  /** Filled in beforeAll (with `smtp: true`): safe to destructure at the top of a file. */
  readonly smtp: TestSmtp;
  /** One account per role, filled in beforeAll or on first use: safe to destructure. */
  readonly users: Record<Role, TestUser>;
  /** The base URL with `listen: true`, e.g. http://127.0.0.1:41234. */
  readonly base: string;
  /** The account of `role` in `users`, made and signed in on first use. */
  as(role: Role): Promise<TestUser>;
  /** A new confirmed, signed-in account of `role` (helpers/users.ts). */
  newUser(role: Role, email?: string): Promise<TestUser>;
  /** `METHOD /api<url>` injected as `options.as` (a visitor by default): the whole response. */
  inject(
    method: InjectOptions['method'],
    url: string,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  /** The same, answered as `{ status, body }` with the body parsed from JSON. */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: RequestOptions,
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function useTestApp(options: TestAppOptions = {}): TestApp {
  let app: FastifyInstance | undefined;
  let env: TestEnv | undefined;
  let base = '';
  const cat = {} as SmallCatalogue;
  const smtp = {} as TestSmtp;
  const users = { basic: {}, admin: {}, superadmin: {} } as Record<Role, TestUser>;
  const ready = () => {
    if (!app) throw new Error('useTestApp: the app is built in beforeAll');
    return app;
  };

  const as = async (role: Role) => {
    if (!users[role].auth) Object.assign(users[role], await userWithRole(ready(), role));
    return users[role];
  };
  const authFor = async (caller: Caller = 'visitor'): Promise<Record<string, string>> => {
    if (caller === 'visitor') return {};
    return (typeof caller === 'string' ? await as(caller) : caller).auth;
  };
  const inject: TestApp['inject'] = async (method, url, request = {}) =>
    ready().inject({
      method,
      url: `/api${url}`,
      payload: request.payload,
      headers: { ...(await authFor(request.as)), ...request.headers },
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });

  beforeAll(async () => {
    if (options.smtp) Object.assign(smtp, await startSmtp());
    env = await createTestEnv({
      ...(options.smtp ? { SMTP_URL: smtp.url } : {}),
      ...(options.seed ? { SEED: options.seed } : {}),
      ...options.env,
    });
    app = await buildApp(env.config, { ...options.build, logger: options.logger ?? false });
    if (options.catalogue) Object.assign(cat, await smallCatalogue(app.database.db));
    for (const role of options.users ?? []) await as(role);
    if (options.listen) base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    if (options.smtp) await smtp.close?.();
    await env?.cleanup();
  });

  return {
    get app() {
      return ready();
    },
    get env() {
      if (!env) throw new Error('useTestApp: the environment is made in beforeAll');
      return env;
    },
    get base() {
      return base;
    },
    cat,
    smtp,
    users,
    as,
    newUser: (role, email) => userWithRole(ready(), role, email),
    inject,
    async request(method, url, request) {
      const res = await inject(method, url, request);
      return { status: res.statusCode, body: res.json() };
    },
  };
}
