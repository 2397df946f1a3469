import { describe, expect, it } from 'vitest';
import { matchAppRoute } from './app-routes';

describe('matchAppRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/examples', '/examples', {}],
    ['/examples/', '/examples', {}],
    ['/Examples', '/examples', {}],
    ['/examples/42', '/examples/:id', { id: '42' }],
    ['/dashboard/user', '/dashboard/user/:userId?', {}],
    ['/dashboard/user/a%20b', '/dashboard/user/:userId?', { userId: 'a b' }],
    ['/forgot-password', '/forgot-password', {}],
  ])('%s is the page %s', (pathname, route, params) => {
    expect(matchAppRoute(pathname)).toEqual({ route, params });
  });

  it.each([
    '/no-such-page',
    '/examples/42/more',
    '/admin/x',
    '/dashboard/user/a/b',
    '/examples/%E0',
  ])('%s is no page', (pathname) => {
    expect(matchAppRoute(pathname)).toBeNull();
  });
});
