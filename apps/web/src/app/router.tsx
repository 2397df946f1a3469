import { lazy, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES, matchAppRoute, type AppRoute } from '@exemplar/shared/app-routes';
import { AppErrorBoundary } from '../components/error-boundary';
import { ErrorFallback } from '../components/error-fallback';
import { RootLayout } from './layout/root-layout';
import { trackPageLoad } from './page-loads';

/** A route module under ./routes exports its page component as default. */
type RouteModule = { default: ComponentType };

type PageLoader = () => Promise<RouteModule>;

/** Page modules loaded before the first render (preloadPage), handed to React.lazy at once. */
const preloaded = new Map<PageLoader, RouteModule>();

/**
 * Lazy-loads a page so each route is its own chunk. The layout shows it inside its Suspense and
 * error boundary (./layout/root-layout.tsx) and a progress bar while the chunk loads. A preloaded
 * page is handed over synchronously (a thenable that resolves as `then` is called), so a
 * server-rendered page hydrates in its first pass instead of waiting behind Suspense.
 */
function page(load: PageLoader) {
  const Page = lazy(() => {
    const module = preloaded.get(load);
    if (!module) return trackPageLoad(load());
    const ready = { then: (resolve: (m: RouteModule) => void) => resolve(module) };
    return ready as unknown as Promise<RouteModule>;
  });
  return <Page />;
}

/**
 * Every page of the app (its module under ./routes), in react-router's declarative mode (BrowserRouter and useRoutes): the
 * app loads no data through the router, and the data router would add 17 KB gzipped to every
 * first load (docs/decisions/006-bundle-budget.md). The patterns are the shared `APP_ROUTES`,
 * which the server also reads to answer 404 for any other path: add a page there, then here (the
 * type asks for exactly one page per pattern).
 */
const pageNames: Record<AppRoute, string> = {
  '/': 'home',
  '/about': 'about',
  '/latex': 'latex',
  '/examples': 'examples',
  '/examples/:id': 'example-detail',
  '/worksheet': 'worksheet',
  '/login': 'login',
  '/register': 'register',
  '/confirm': 'confirm',
  '/forgot-password': 'forgot-password',
  '/reset-password': 'reset-password',
  '/profile': 'profile',
  '/dashboard': 'dashboard',
  '/dashboard/user/:userId?': 'user-details',
  '/review': 'review',
  '/admin': 'admin',
};
const NOT_FOUND = 'not-found';

/** ./routes/<name>.tsx, each its own chunk. */
const routeModules = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);
const loaderOf = (name: string): PageLoader => {
  const load = routeModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module ./routes/${name}.tsx`);
  return load;
};

const pages: RouteObject[] = [
  ...APP_ROUTES.map((path) => ({ path, element: page(loaderOf(pageNames[path])) })),
  // Unknown paths: the not-found page (the server answers them with status 404).
  { path: '*', element: page(loaderOf(NOT_FOUND)) },
];

const pageNameAt = (pathname: string) => {
  const match = matchAppRoute(pathname);
  return match ? pageNames[match.route] : NOT_FOUND;
};

/**
 * The source of the page at `pathname`, as the build manifest names it: the server links the
 * page's stylesheets and chunks from the head of a page it renders.
 */
export const pageSource = (pathname: string) => `src/app/routes/${pageNameAt(pathname)}.tsx`;

/** Loads the code of the page at `pathname` before the first render (server and hydration). */
export async function preloadPage(pathname: string): Promise<void> {
  const load = loaderOf(pageNameAt(pathname));
  if (!preloaded.has(load)) preloaded.set(load, await load());
}

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
