import { lazy, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES, type AppRoute } from '@exemplar/shared/app-routes';
import { AppErrorBoundary } from '../components/error-boundary';
import { ErrorFallback } from '../components/error-fallback';
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
 * first load (docs/decisions/006-bundle-budget.md). The patterns are the shared `APP_ROUTES`,
 * which the server also reads to answer 404 for any other path: add a page there, then here (the
 * type asks for exactly one page per pattern).
 */
const pageModules: Record<AppRoute, () => Promise<RouteModule>> = {
  '/': () => import('./routes/home'),
  '/about': () => import('./routes/about'),
  '/latex': () => import('./routes/latex'),
  '/examples': () => import('./routes/examples'),
  '/examples/:id': () => import('./routes/example-detail'),
  '/login': () => import('./routes/login'),
  '/register': () => import('./routes/register'),
  '/confirm': () => import('./routes/confirm'),
  '/forgot-password': () => import('./routes/forgot-password'),
  '/reset-password': () => import('./routes/reset-password'),
  '/profile': () => import('./routes/profile'),
  '/dashboard': () => import('./routes/dashboard'),
  '/dashboard/user/:userId?': () => import('./routes/user-details'),
  '/admin': () => import('./routes/admin'),
};

const pages: RouteObject[] = [
  ...APP_ROUTES.map((path) => ({ path, element: page(pageModules[path]) })),
  // Unknown paths: the not-found page (the server answers them with status 404).
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
