import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSmtp, type TestSmtp } from '../../api/test/helpers/smtp';

/** The repository root (the API is started from there, as `npm start` does). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where browser tests put screenshots and traces (git-ignored). */
export const resultsDir = path.join(repoRoot, 'test-results');

// A server on a busy machine (parallel builds, other test runs) has taken close to 30 s to start.
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const MAX_OUTPUT_CHARS = 64_000;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then wait for the process to exit (SIGKILL after 15 s); removes the data dir. */
  stop(): Promise<void>;
}

/**
 * Calls the API of `server` with a JSON body (when given) and a bearer token (when given); answers
 * the status and the parsed body (`{}` for an empty one), whatever the status.
 */
export async function requestApi<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: { data?: T; message?: string } }> {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

/** Like requestApi, but answers `data` and throws on a 4xx or 5xx, naming the status and message. */
export async function callApi<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const { status, json } = await requestApi<T>(server, method, pathname, body, token);
  if (status >= 400) throw new Error(`${method} ${pathname}: ${status} ${json.message}`);
  return json.data as T;
}

/** Every example's id in the list's order, read page by page from GET /api/examples. */
export async function listExampleIds(server: TestServer): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { examples: { id: number }[]; nextCursor: string | null } = await callApi(
      server,
      'GET',
      `/examples?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    ids.push(...page.examples.map((e) => e.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/**
 * With DATABASE_URL set (the PostgreSQL run), a database of the server's own, as each server gets
 * a DATA_DIR of its own: `<database>_s<port>`, created empty on the same PostgreSQL and dropped by
 * `drop()`. Without it, nothing (SQLite lives in DATA_DIR).
 */
async function ownDatabase(port: number): Promise<{ url?: string; drop(): Promise<void> }> {
  const shared = process.env.DATABASE_URL;
  if (!shared) return { drop: async () => undefined };
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_s${port}`;
  const admin = new URL(shared);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists "${name}"`);
  await run(`create database "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}"`) };
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. SUPERADMIN_EMAIL). */
  env?: Record<string, string>;
  /** Keep DATA_DIR (and, on PostgreSQL, the server's database) after stop(); removed by default. */
  keepDataDir?: boolean;
}

/**
 * Starts the real API (which also serves the built SPA from apps/web/dist) on a free port with a
 * fresh DATA_DIR and the demo catalogue, and resolves once GET /api/health answers 200.
 * With DATABASE_URL set the server runs on PostgreSQL, in a fresh database of its own on that
 * server (so no test file sees another's accounts).
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'exemplar-e2e-'));
  const database = await ownDatabase(port);
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      SEED: 'demo',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  let stderr = '';
  const append = (current: string, chunk: Buffer) =>
    (current + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  child.stdout.on('data', (chunk: Buffer) => (output = append(output, chunk)));
  child.stderr.on('data', (chunk: Buffer) => {
    output = append(output, chunk);
    stderr = append(stderr, chunk);
  });

  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!hasExited) child.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (!options.keepDataDir) {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  };

  const describeFailure = (reason: string) =>
    new Error(
      `${reason}\n--- server stderr ---\n${stderr.trim() || '(empty)'}\n--- output ---\n${output.trim()}`,
    );

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (hasExited) {
      const code = await exited;
      await stop();
      throw describeFailure(`The server exited with code ${code} before it was healthy.`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw describeFailure(
        `GET ${url}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return { url, port, dataDir, output: () => output, stop };
}

/** The system Chromium, driven by playwright-core (no browser download is possible here). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Waits for the address bar to reach `target` and for the page on screen to be that page: a
 * navigation changes the URL at once but keeps the previous page until the next one's code has
 * loaded (the layout's `data-path` names the page shown).
 */
export async function waitForPage(
  page: Page,
  target: string | RegExp,
  options: { timeout?: number } = {},
): Promise<void> {
  await page.waitForURL(target, options);
  await page.waitForFunction(
    () => document.querySelector('[data-path]')?.getAttribute('data-path') === location.pathname,
    undefined,
    options,
  );
}

/** The tokens the app keeps in localStorage once signed in (as POST /api/auth/login answers). */
export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** A confirmed account, signed in through the API. */
export interface Account {
  email: string;
  name: string;
  username: string;
  tokens: Tokens;
}

/** Who a page is opened as: nobody signed in, one account of a role, or a given account. */
export type Caller = 'visitor' | 'basic' | 'admin' | 'superadmin' | Account | Tokens;

export interface OpenOptions {
  as?: Caller;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Any other option of the fresh browser context (e.g. bypassCSP, acceptDownloads). */
  context?: BrowserContextOptions;
}

export interface BrowserTestOptions extends StartServerOptions {
  /** The superadmin the server creates at start (SUPERADMIN_EMAIL), signed in as `root`. */
  superadmin?: { email: string; password: string };
  /** A real SMTP capture (apps/api/test/helpers/smtp.ts) as the server's SMTP_URL, in `smtp`. */
  smtp?: boolean;
  /** Password of the accounts `account()` makes. */
  password?: string;
  /**
   * When a test fails, screenshots of its pages as test-results/<prefix>-failure-<n>.png and the
   * server's output on stderr.
   */
  failureShots?: string;
}

export interface BrowserTests {
  readonly server: TestServer;
  readonly browser: Browser;
  /** Filled in beforeAll (with `smtp: true`): safe to destructure. */
  readonly smtp: TestSmtp;
  /** The superadmin, signed in in beforeAll (with `superadmin`): safe to destructure. */
  readonly root: Account;
  /** Errors the pages of this test threw; afterEach expects none. */
  readonly pageErrors: string[];
  /** The server's URL of `pathname`. */
  url(pathname: string): string;
  /** callApi against this server. */
  api<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body?: unknown,
    token?: string,
  ): Promise<T>;
  /** Signs in through the API. */
  logIn(email: string, password: string): Promise<Account>;
  /**
   * A confirmed account with `role`: registered like anyone, then confirmed and given the role by
   * the superadmin through the API (no mail code needed).
   */
  account(role?: 'basic' | 'admin', options?: { tag?: string; name?: string }): Promise<Account>;
  /** A fresh context (closed after the test) with one page whose errors are watched. */
  open(options?: OpenOptions): Promise<Page>;
  /** A fresh context, closed after the test; pages from `watch`. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Records the page's uncaught errors in `pageErrors`. */
  watch(page: Page): Page;
  /** Closes every context opened so far (afterEach does it after each test). */
  closeContexts(): Promise<void>;
}

/**
 * The one harness of the browser tests, used inside a describe: starts the server (and SMTP
 * capture) and Chromium in beforeAll, closes every context after each test and expects no page
 * errors, and stops everything in afterAll.
 */
export function useBrowserTests(options: BrowserTestOptions = {}): BrowserTests {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const smtp = {} as TestSmtp;
  const root = {} as Account;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const byRole = new Map<string, Account>();
  let counter = 0;
  const password = options.password ?? 'Correct-Horse-42';

  const running = () => {
    if (!server || !browser) throw new Error('useBrowserTests: started in beforeAll');
    return { server, browser };
  };
  const api: BrowserTests['api'] = (method, pathname, body, token) =>
    callApi(running().server, method, pathname, body, token);

  const logIn = async (email: string, secret: string): Promise<Account> => {
    const tokens = await api<Tokens>('POST', '/auth/login', { email, password: secret });
    const { user } = await api<{ user: { username: string; name: string } }>(
      'GET',
      '/auth/me',
      undefined,
      tokens.idToken,
    );
    return { email, name: user.name, username: user.username, tokens };
  };

  const account: BrowserTests['account'] = async (role = 'basic', made = {}) => {
    const email = `${made.tag ?? role}-${Date.now()}-${++counter}@example.com`;
    await api('POST', '/auth/register', { email, password, name: made.name ?? `Test ${role}` });
    const token = root.tokens.idToken;
    const { users } = await api<{ users: { email: string; username: string }[] }>(
      'GET',
      '/admin/users/dashboard',
      undefined,
      token,
    );
    const username = users.find((u) => u.email === email)!.username;
    // As a confirmation by the emailed code does: confirmed, email verified.
    await api('PUT', `/admin/users/${username}`, { confirmed: true, emailVerified: true }, token);
    if (role !== 'basic') {
      await api('POST', `/admin/users/${username}/groups`, { groupName: role }, token);
    }
    return logIn(email, password);
  };

  const tokensOf = async (caller: Caller): Promise<Tokens | undefined> => {
    if (caller === 'visitor') return undefined;
    if (caller === 'superadmin') return root.tokens;
    if (typeof caller === 'string') {
      if (!byRole.has(caller)) byRole.set(caller, await account(caller));
      return byRole.get(caller)!.tokens;
    }
    return 'tokens' in caller ? caller.tokens : caller;
  };

  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(error.message));

  const newContext = async (contextOptions: BrowserContextOptions = {}) => {
    const context = await running().browser.newContext(contextOptions);
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    if (options.smtp) Object.assign(smtp, await startSmtp());
    const env = {
      ...(options.smtp ? { SMTP_URL: smtp.url } : {}),
      ...(options.superadmin
        ? {
            SUPERADMIN_EMAIL: options.superadmin.email,
            SUPERADMIN_PASSWORD: options.superadmin.password,
          }
        : {}),
      ...options.env,
    };
    server = await startServer({ ...options, env });
    browser = await launchBrowser();
    if (options.superadmin) {
      Object.assign(root, await logIn(options.superadmin.email, options.superadmin.password));
    }
  }, HEALTH_TIMEOUT_MS + 30_000);

  const closeContexts = async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  };

  afterEach(async ({ task }) => {
    if (options.failureShots && task.result?.state === 'fail') {
      // What the browser showed when a step gave up.
      const pages = contexts.flatMap((context) => context.pages());
      for (const [i, page] of pages.entries()) {
        const file = path.join(resultsDir, `${options.failureShots}-failure-${i}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      }
      console.error(`failed at ${pages.map((page) => page.url()).join(', ')}\n${server?.output()}`);
    }
    await closeContexts();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (options.smtp) await smtp.close?.();
  });

  return {
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    smtp,
    root,
    pageErrors,
    url: (pathname) => `${running().server.url}${pathname}`,
    api,
    logIn,
    account,
    watch,
    newContext,
    closeContexts,
    async open(open = {}) {
      const context = await newContext({
        viewport: open.viewport ?? { width: 1280, height: 900 },
        ...(open.colorScheme ? { colorScheme: open.colorScheme } : {}),
        ...open.context,
      });
      const tokens = await tokensOf(open.as ?? 'visitor');
      if (tokens) {
        // Signed in from the first paint (tokens stored as the app stores them).
        await context.addInitScript((stored: Tokens) => {
          if (!window.localStorage.getItem('idToken')) {
            for (const [key, value] of Object.entries(stored))
              window.localStorage.setItem(key, value);
          }
        }, tokens);
      }
      return watch(await context.newPage());
    },
  };
}
