/**
 * The cookie that mirrors "try first" for the server-rendered example page (no zod here: the
 * example page reads it, ADR 006): a signed-in learner's preference, or a visitor's own choice.
 * The web app writes `exemplar-try-first=1` while it is on and `=0` when a learner turned it off;
 * the server draws `/examples/{id}` folded only for a request that carries `=1` (ADR 046).
 */
export const TRY_FIRST_COOKIE = 'exemplar-try-first';

/**
 * What a Cookie header (or `document.cookie`) says of try first, among any other cookies, with or
 * without spaces around the separators: true for `1`, false for `0`, null when the cookie is
 * absent or holds anything else.
 */
export function readTryFirstCookie(cookies: string | undefined): boolean | null {
  if (!cookies) return null;
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === TRY_FIRST_COOKIE) {
      const value = pair.slice(at + 1).trim();
      if (value === '1' || value === '0') return value === '1';
    }
  }
  return null;
}

/** Whether a Cookie header holds `exemplar-try-first=1`: the server draws the page folded. */
export function tryFirstCookieOn(cookies: string | undefined): boolean {
  return readTryFirstCookie(cookies) === true;
}
