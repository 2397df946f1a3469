import { useCallback, useSyncExternalStore } from 'react';

/** localStorage key of practice mode ('true' / 'false'). */
export const PRACTICE_MODE_KEY = 'practiceMode';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const read = () => storage()?.getItem(PRACTICE_MODE_KEY) === 'true';
/** The server renders answers shown; a server-rendered page hydrates so, then applies the setting. */
const readOnServer = () => false;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab switched it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PRACTICE_MODE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Practice mode: answers and procedures stay hidden behind 'Show answer' / 'Show procedure' until
 * revealed. Remembered across visits (localStorage) and shared by every component and tab. Read at
 * once when a page is drawn in the browser, so a remembered practice mode never flashes the
 * answers there; a page rendered on the server shows them until the app has started.
 */
export function usePracticeMode(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, readOnServer);
  const set = useCallback((next: boolean) => {
    storage()?.setItem(PRACTICE_MODE_KEY, next ? 'true' : 'false');
    listeners.forEach((listener) => listener());
  }, []);
  return [on, set];
}
