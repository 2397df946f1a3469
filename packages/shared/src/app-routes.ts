/**
 * Every page of the web app, as react-router path patterns (`:name` is one segment, `:name?` an
 * optional last one). The web router declares exactly one page per pattern (its table is typed by
 * this list), and the server answers a GET for any other path with status 404: the app shell,
 * whose router shows the not-found page.
 */
export const APP_ROUTES = [
  '/',
  '/about',
  '/latex',
  '/examples',
  '/examples/:id',
  '/worksheet',
  '/login',
  '/register',
  '/confirm',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/dashboard',
  '/dashboard/user/:userId?',
  '/review',
  '/admin',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/**
 * The pages search engines may index: the same for every visitor, no sign-in and no form. The
 * server renders them for visitors (their HTML holds the content, typeset, before any script
 * runs; the others are drawn in the browser). The sitemap lists them (`/examples/:id` once per example); robots.txt disallows every other page of
 * `APP_ROUTES` (sign-in, registration and codes, the profile, the dashboard, the reviews, the admin) (ADR 029).
 */
export const PUBLIC_APP_ROUTES = [
  '/',
  '/about',
  '/latex',
  '/examples',
  '/examples/:id',
] as const satisfies readonly AppRoute[];

export function isPublicRoute(route: AppRoute): boolean {
  return (PUBLIC_APP_ROUTES as readonly AppRoute[]).includes(route);
}

export interface AppRouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/**
 * The page `pathname` (no query) shows, matched as react-router matches it: static segments
 * ignore case, a trailing slash is ignored, a parameter takes one non-empty segment (decoded).
 * `null` for a path no page has.
 */
export function matchAppRoute(pathname: string): AppRouteMatch | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of APP_ROUTES) {
    const params = matchPattern(route, segments);
    if (params) return { route, params };
  }
  return null;
}

function matchPattern(route: AppRoute, segments: string[]): Record<string, string> | null {
  const parts = route.split('/').filter(Boolean);
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i];
    if (segment === undefined) continue; // an optional last parameter left out
    if (part.startsWith(':')) {
      try {
        params[part.slice(1).replace(/\?$/, '')] = decodeURIComponent(segment);
      } catch {
        return null; // a malformed escape: no page reads it
      }
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}
