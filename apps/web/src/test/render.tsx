import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes, routes as appRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** Renders `ui` inside the app providers (Mantine in test mode, react-query, notifications). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        {ui}
      </AppProviders>,
    ),
  };
}

/** What a test can ask of the router: where it is, and to go somewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Reports the router's location and navigate function whenever they change. */
function RouterProbe({ report }: { report: (router: TestRouter) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report({ state: { location }, navigate });
  }, [report, location, navigate]);
  return null;
}

/** Renders the app's routes (or the given routes) at `path` in a memory router. */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes) {
  const router = {} as TestRouter;
  const report = (current: TestRouter) => Object.assign(router, current);
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <RouterProbe report={report} />
      <AppRoutes routes={routes} />
    </MemoryRouter>,
  );
  return { router, ...rendered };
}

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token carrying `payload` (the UI never verifies signatures). */
export function fakeIdToken(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function storeSession(payload: Record<string, unknown>) {
  window.localStorage.setItem('idToken', fakeIdToken(payload));
  window.localStorage.setItem('accessToken', 'access-token');
  window.localStorage.setItem('refreshToken', 'refresh-token');
}
