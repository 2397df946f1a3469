import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'exemplar-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scroll like the data router's <ScrollRestoration> did: Back and Forward (and a reload) return
 * to where that entry was scrolled; a new page starts at the top, or at its #hash. Changing only
 * the search (the examples filters, the admin tabs) keeps the scroll where it is.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const pathname = useRef<string | null>(null);

  const key = useRef(location.key);

  // Remember each entry's scroll as it happens, under the entry shown (a position read when
  // leaving would already see the next page's height), and keep them for a reload.
  useEffect(() => {
    positions.current ??= readPositions();
    const stored = positions.current;
    const onScroll = () => (stored[key.current] = window.scrollY);
    const save = () => window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    key.current = location.key;
    const samePage = pathname.current === location.pathname;
    pathname.current = location.pathname;
    const saved = positions.current[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else if (!samePage && navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);
}
