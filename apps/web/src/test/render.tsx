import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
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

/** Renders the app's router (or the given routes) at `path`. */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
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
