/**
 * The cookie that mirrors a signed-in learner's "try first" preference for the server-rendered
 * example page (no zod here: the example page reads it, ADR 006). The web app writes
 * `exemplar-try-first=1` while the preference is on; the server draws `/examples/{id}` folded
 * only for a request that carries it (ADR 046).
 */
export const TRY_FIRST_COOKIE = 'exemplar-try-first';

/**
 * Whether a Cookie header (or `document.cookie`) holds `exemplar-try-first=1`, among any other
 * cookies, with or without spaces around the separators.
 */
export function tryFirstCookieOn(cookies: string | undefined): boolean {
  if (!cookies) return false;
  return cookies.split(';').some((pair) => {
    const at = pair.indexOf('=');
    return (
      at > 0 && pair.slice(0, at).trim() === TRY_FIRST_COOKIE && pair.slice(at + 1).trim() === '1'
    );
  });
}
