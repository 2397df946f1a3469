import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSmtp, type TestSmtp } from '../../api/test/helpers/smtp';
import {
  callApi,
  HEALTH_TIMEOUT_MS,
  launchBrowser,
  resultsDir,
  startServer,
  type StartServerOptions,
  type TestServer,
} from './harness';

/** The longest a page load waits for the app to take the page over (see waitForAppOnLoad). */
const APP_READY_MS = 15_000;

// The browser-test harness every e2e file uses: the built app's server and Chromium for the file
// (and test-results/ made for its screenshots), pages opened as a role in fresh contexts, and no
// page error let through.

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

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
export const eventually = <T>(value: () => T | Promise<T>) =>
  expect.poll(value, { timeout: 15_000 });

/**
 * Waits until the page has stopped moving: its web fonts loaded and, for three animation frames
 * in a row, no transition or animation running in the document or any open shadow root (endless
 * ones, such as a loader's spin, aside) and the window not scrolling (the app scrolls smoothly).
 * What a screenshot, a contrast check or a reading of a style must wait for: a dialog or menu done
 * fading in, a section done opening, a focus ring done drawing, an on-screen keyboard done sliding
 * in, a scroll done. Throws, naming what still moves, after `timeout`.
 */
export async function settled(page: Page, { timeout = 15_000 } = {}): Promise<void> {
  const moving = await page.evaluate(async (limit) => {
    await document.fonts.ready;
    const roots = () => {
      const found: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < found.length; i++) {
        for (const el of found[i]!.querySelectorAll('*'))
          if (el.shadowRoot) found.push(el.shadowRoot);
      }
      return found;
    };
    const running = () =>
      roots()
        .flatMap((root) => root.getAnimations())
        .filter(
          (a) =>
            (a.playState === 'running' || a.pending) &&
            a.effect?.getComputedTiming().endTime !== Infinity,
        );
    const describe = (a: Animation) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      const name =
        a instanceof CSSTransition ? a.transitionProperty : (a as CSSAnimation).animationName;
      return `${name ?? a.constructor.name} on ${target?.tagName.toLowerCase()}.${[...(target?.classList ?? [])].join('.')}`;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const scrollPosition = () => `${window.scrollX},${window.scrollY}`;
    const deadline = performance.now() + limit;
    let at = scrollPosition();
    for (let quiet = 0; quiet < 3;) {
      await frame();
      const animations = running();
      const scrolling = scrollPosition() !== at;
      at = scrollPosition();
      if (animations.length === 0 && !scrolling) quiet++;
      else if (performance.now() > deadline)
        return [...(scrolling ? ['the window scrolling'] : []), ...animations.map(describe)];
      else quiet = 0;
    }
    return [];
  }, timeout);
  if (moving.length) throw new Error(`Still moving after ${timeout} ms: ${moving.join(', ')}`);
}

/**
 * Waits for the page to draw `count` more frames: what a page has laid out and painted before
 * this is on screen, and the performance entries of those paints (largest contentful paint,
 * layout shift, long tasks) are queued for their observers.
 */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** The request `pageWorkDone` sends from the page: not one of the page's own. */
export const PAGE_WORK_MARKER = '/api/health?page-work-done';

/**
 * Resolves once every request the page's own code has started so far has been reported to the
 * test: after two animation frames (the effects of what is on screen have run) and an idle
 * moment (nothing left queued), the page sends PAGE_WORK_MARKER, and the test waits for that
 * request. Requests are reported in the order the page started them, so one the page started
 * before, such as a late list page, is already in the test's hands: a check that the page made no
 * (more) requests can then fail, as it must if one was made.
 */
export async function pageWorkDone(page: Page): Promise<void> {
  const marker = page.waitForRequest((request) => request.url().endsWith(PAGE_WORK_MARKER));
  await page.evaluate(async (path) => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestIdleCallback(resolve));
    void fetch(path).catch(() => undefined);
  }, PAGE_WORK_MARKER);
  await marker;
}

/** The page never scrolls sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page, message?: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, message).toBeLessThanOrEqual(innerWidth);
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

  /**
   * A public page arrives rendered by the server and is visible before the app has taken it over,
   * when a click does nothing yet. So a page load (goto, reload) also waits for the app's
   * `data-app-ready` mark, as a person waits for a page to respond; not for `waitUntil: 'commit'`
   * (a test looking at the page as it arrives), and at most APP_READY_MS (a test that blocks the
   * app's scripts gets its page anyway).
   */
  const waitForAppOnLoad = (page: Page) => {
    const ready = () =>
      page
        .waitForSelector('html[data-app-ready]', { state: 'attached', timeout: APP_READY_MS })
        .catch(() => undefined);
    const goto = page.goto.bind(page);
    page.goto = async (url, gotoOptions) => {
      const response = await goto(url, gotoOptions);
      if (gotoOptions?.waitUntil !== 'commit') await ready();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (reloadOptions) => {
      const response = await reload(reloadOptions);
      if (reloadOptions?.waitUntil !== 'commit') await ready();
      return response;
    };
  };

  const newContext = async (contextOptions: BrowserContextOptions = {}) => {
    const context = await running().browser.newContext(contextOptions);
    contexts.push(context);
    if (contextOptions.javaScriptEnabled !== false) context.on('page', waitForAppOnLoad);
    return context;
  };

  beforeAll(async () => {
    await mkdir(resultsDir, { recursive: true });
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
