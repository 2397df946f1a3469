import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader, FullPageLoading } from '../components/page-loader';
import { paths } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** A route module under ./routes exports its page component as default (or as `Component`). */
type RouteModule = { default?: ComponentType; Component?: ComponentType };

/** Lazy-loads a page so each route is its own chunk. */
function page(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return { Component: module.Component ?? module.default ?? null };
  };
}

/**
 * Every page of spec §2 that exists so far. Add a page with one line:
 *   { path: paths.latex, lazy: page(() => import('./routes/latex')) },
 */
const pages: RouteObject[] = [
  { index: true, lazy: page(() => import('./routes/home')) },
  { path: paths.about, lazy: page(() => import('./routes/about')) },
  { path: paths.latex, lazy: page(() => import('./routes/latex')) },
  { path: paths.examples, lazy: page(() => import('./routes/examples')) },
  { path: `${paths.examples}/:id`, lazy: page(() => import('./routes/example-detail')) },
  { path: paths.login, lazy: page(() => import('./routes/login')) },
  { path: paths.register, lazy: page(() => import('./routes/register')) },
  { path: paths.confirm, lazy: page(() => import('./routes/confirm')) },
  { path: paths.forgotPassword, lazy: page(() => import('./routes/forgot-password')) },
  { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
  { path: paths.profile, lazy: page(() => import('./routes/profile')) },
  { path: paths.dashboard, lazy: page(() => import('./routes/dashboard')) },
  { path: paths.admin, lazy: page(() => import('./routes/admin')) },
  { path: `${paths.dashboard}/user/:userId?`, lazy: page(() => import('./routes/user-details')) },
  { path: '*', lazy: page(() => import('./routes/not-found')) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    // The layout itself failed: full-page error screen.
    ErrorBoundary: () => <RouteError fullPage />,
    HydrateFallback: FullPageLoading,
    children: [
      {
        // A page failed: the error screen inside the layout, navbar still usable.
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoader,
        children: pages,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
