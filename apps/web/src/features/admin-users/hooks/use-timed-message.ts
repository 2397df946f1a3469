import { useCallback, useEffect, useState } from 'react';

/** How long a success banner stays on the dashboard. */
export const BANNER_DURATION_MS = 3000;

export interface TimedMessage {
  text: string;
  tone: 'success' | 'error';
  title?: string;
}

/**
 * A message that clears itself `duration` ms after it was shown (a new message starts the clock
 * again). Errors stay until replaced or dismissed: they need reading.
 */
export function useTimedMessage(
  initial: TimedMessage | null = null,
  duration = BANNER_DURATION_MS,
) {
  const [message, setMessage] = useState<TimedMessage | null>(initial);

  useEffect(() => {
    if (!message || message.tone === 'error') return;
    const timer = setTimeout(() => setMessage(null), duration);
    return () => clearTimeout(timer);
  }, [message, duration]);

  const show = useCallback((next: TimedMessage) => setMessage({ ...next }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}
