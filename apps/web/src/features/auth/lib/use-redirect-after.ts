import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** After a confirmation or a reset the user goes to /login 2 seconds later. */
export const REDIRECT_DELAY_MS = 2000;

/** Once `active`, navigates to `to` after `delayMs` (cancelled if the screen goes away first). */
export function useRedirectAfter(
  active: boolean,
  to: string,
  state?: unknown,
  delayMs = REDIRECT_DELAY_MS,
) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => void navigate(to, { state }), delayMs);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- state is read once when it fires
  }, [active, to, delayMs, navigate]);
}
