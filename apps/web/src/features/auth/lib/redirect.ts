import { paths } from '../../../lib/paths';

/** The query parameter that brings the user back to a protected page after logging in. */
export const NEXT_PARAM = 'next';

/**
 * Where to go after logging in: `next` when it is a page of this app (a same-origin path that is not
 * an auth screen), else /dashboard.
 */
export function afterLoginPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return paths.dashboard;
  }
  const pathname = next.split(/[?#]/)[0] ?? '';
  const authScreens: string[] = [
    paths.login,
    paths.register,
    paths.confirm,
    paths.forgotPassword,
    paths.resetPassword,
  ];
  return authScreens.includes(pathname) ? paths.dashboard : next;
}

/** /login?next=… for a protected page at `location`. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }) {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `${paths.login}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}
