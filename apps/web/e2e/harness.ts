import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The repository root (the API is started from there, as `npm start` does). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where browser tests put screenshots and traces (git-ignored). */
export const resultsDir = path.join(repoRoot, 'test-results');

// A server on a busy machine (parallel builds, other test runs) has taken close to 30 s to start.
export const HEALTH_TIMEOUT_MS = 90_000;
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
/**
 * Goes to `path` inside the app (react-router's history), as a link in the app does: the page is
 * drawn in the browser with its own requests, not served (a first load is rendered on the server
 * with its data in the page, ADR 030).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

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
