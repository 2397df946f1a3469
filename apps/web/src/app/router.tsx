import { lazy, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from '../components/error-boundary';
import { ErrorFallback } from '../components/error-fallback';
import { paths } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { trackPageLoad } from './page-loads';

/** A route module under ./routes exports its page component as default. */
type RouteModule = { default: ComponentType };

/**
 * Lazy-loads a page so each route is its own chunk. The layout shows it inside its Suspense and
 * error boundary (./layout/root-layout.tsx) and a progress bar while the chunk loads.
 */
function page(load: () => Promise<RouteModule>) {
  const Page = lazy(() => trackPageLoad(load()));
  return <Page />;
}

/**
 * Every page of the app, in react-router's declarative mode (BrowserRouter and useRoutes): the
 * app loads no data through the router, and the data router would add 17 KB gzipped to every
 * first load (docs/decisions/006-bundle-budget.md). Add a page with one line:
 *   { path: paths.latex, element: page(() => import('./routes/latex')) },
 */
const pages: RouteObject[] = [
  { index: true, element: page(() => import('./routes/home')) },
  { path: paths.about, element: page(() => import('./routes/about')) },
  { path: paths.latex, element: page(() => import('./routes/latex')) },
  { path: paths.examples, element: page(() => import('./routes/examples')) },
  { path: `${paths.examples}/:id`, element: page(() => import('./routes/example-detail')) },
  { path: paths.login, element: page(() => import('./routes/login')) },
  { path: paths.register, element: page(() => import('./routes/register')) },
  { path: paths.confirm, element: page(() => import('./routes/confirm')) },
  { path: paths.forgotPassword, element: page(() => import('./routes/forgot-password')) },
  { path: paths.resetPassword, element: page(() => import('./routes/reset-password')) },
  { path: paths.profile, element: page(() => import('./routes/profile')) },
  { path: paths.dashboard, element: page(() => import('./routes/dashboard')) },
  { path: paths.admin, element: page(() => import('./routes/admin')) },
  {
    path: `${paths.dashboard}/user/:userId?`,
    element: page(() => import('./routes/user-details')),
  },
  // Unknown paths: the not-found page (the router's 404).
  { path: '*', element: page(() => import('./routes/not-found')) },
];

export const routes: RouteObject[] = [{ element: <RootLayout />, children: pages }];

/**
 * The routes inside a router (BrowserRouter in the app, MemoryRouter in tests). The layout itself
 * failing gets the full-page error screen; a failing page gets it inside the layout. Either
 * clears on the next navigation.
 */
export function AppRoutes({ routes: routeObjects = routes }: { routes?: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routeObjects);
  return (
    <AppErrorBoundary resetKey={location.key} fallback={<ErrorFallback fullPage />}>
      {element}
    </AppErrorBoundary>
  );
}
