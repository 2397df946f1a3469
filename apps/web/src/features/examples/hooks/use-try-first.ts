import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useViewer } from '../../../lib/auth/use-viewer';
import { useServerRender } from '../../../lib/hydration';
import {
  readTryFirstCookie,
  renderedTryFirst,
  subscribeTryFirstCookie,
  writeTryFirstCookie,
} from '../../../lib/try-first';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

/** Drawn as the server drew it: folded only when the page came folded. */
const renderedSnapshot = (): boolean | null => (renderedTryFirst() ? true : null);

/**
 * Try first on an example's page: the answer and procedure stay folded until the learner checks
 * an answer or reveals them. A signed-in learner's choice is kept with their account (on unless
 * they turned it off); a visitor's in this browser (off unless they turned it on). The browser
 * keeps a copy in a cookie (lib/try-first.ts), so that a reload is drawn folded by the server too;
 * while the page is hydrated it is what the server drew.
 */
export function useTryFirst(): { on: boolean; set: (on: boolean) => void } {
  const viewer = useViewer();
  const serverRender = useServerRender();
  const cookie = useSyncExternalStore(
    subscribeTryFirstCookie,
    readTryFirstCookie,
    renderedSnapshot,
  );
  const preferences = usePreferences(viewer, !serverRender);
  const update = useUpdatePreferences(viewer);
  const saved = preferences.data?.tryFirst;

  // The cookie follows the account's choice once it is known.
  useEffect(() => {
    if (viewer !== null && saved !== undefined) writeTryFirstCookie(saved);
  }, [viewer, saved]);

  const { mutate } = update;
  const set = useCallback(
    (next: boolean) => {
      writeTryFirstCookie(next);
      if (viewer !== null) mutate({ tryFirst: next });
    },
    [viewer, mutate],
  );

  let on: boolean;
  if (serverRender) on = cookie === true;
  else if (viewer === null) on = cookie === true;
  else on = saved ?? cookie ?? true;
  return { on, set };
}
