import type { Role } from '@exemplar/shared/roles';
import { render } from '@testing-library/react';
import { isValidElement, useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes, routes as appRoutes } from '../app/router';
import { authStore } from '../lib/auth/auth-store';
import { createQueryClient } from '../lib/query-client';

/** What a test can ask of the router: where it is, how it got there, and to go somewhere. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
}

/** Reports the router's location and navigate function whenever they change. */
function RouterProbe({ report }: { report: (router: TestRouter) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report({ state: { location, historyAction }, navigate });
  }, [report, location, historyAction, navigate]);
  return null;
}

/** The id-token claims of a signed-in user. */
export type Claims = Record<string, unknown>;

export interface RenderOptions {
  /** Where the router starts (for an element; a URL target is its own). Default '/'. */
  url?: string;
  /** The routes to render at a URL target instead of the app's (layout and lazy pages). */
  routes?: RouteObject[];
  /** Signs in first: as a user of this role, or with these id-token claims. */
  as?: Role | Claims;
}

/**
 * The one render helper of the web unit tests. `target` is a URL (the app's routes, or
 * `options.routes`, at it) or an element (rendered inside a router at `options.url`). Around it:
 * the app providers (Mantine in test mode, notifications) and the app's query client with
 * retries off. Returns Testing Library's result, the query client and the router.
 */
export function renderApp(target: string | ReactElement, options: RenderOptions = {}) {
  if (options.as) signIn(options.as);
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = {} as TestRouter;
  const report = (current: TestRouter) => Object.assign(router, current);
  const url = isValidElement(target) ? (options.url ?? '/') : target;
  const rendered = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[url]}>
        <RouterProbe report={report} />
        {isValidElement(target) ? target : <AppRoutes routes={options.routes ?? appRoutes} />}
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => router.state.location;
  return { router, location, queryClient, ...rendered };
}

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token carrying `payload` (the UI never verifies signatures). */
export function fakeIdToken(payload: Claims): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** Puts a session with an id token of `payload` in storage (authStore reads it on initialise). */
export function storeSession(payload: Claims) {
  window.localStorage.setItem('idToken', fakeIdToken(payload));
  window.localStorage.setItem('accessToken', 'access-token');
  window.localStorage.setItem('refreshToken', 'refresh-token');
}

/** The claims of the test user of `role`: root for superadmin, Grace for admin, Ada for basic. */
export function claimsOf(role: Role): Claims {
  const name = { superadmin: 'Root', admin: 'Grace', basic: 'Ada' }[role];
  return {
    sub: `sub-${name.toLowerCase()}`,
    email: `${name.toLowerCase()}@example.com`,
    name,
    groups: [role],
  };
}

/** Signs in (stores the session and initialises the auth store) as `as`. */
export function signIn(as: Role | Claims) {
  authStore.reset();
  storeSession(typeof as === 'string' ? claimsOf(as) : as);
  authStore.initialise();
}
