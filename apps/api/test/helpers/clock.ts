import { onTestFinished, vi } from 'vitest';

/**
 * Puts this process's monotonic clock (performance.now()) in the test's hands until the test ends:
 * it stands still, and `pass(ms)` moves it on at once. What the app trusts for a while (the
 * catalogue version for VERSION_MAX_AGE_MS, a healthy database for HEALTHY_FOR_MS) then expires
 * when the test says, not after a sleep. Timers and Date are left real.
 *
 * The controlled clock starts at 0: a value read before it (stamped by the real clock) would look
 * fresh for a long time, so start it before the app first reads what the test lets expire, or call
 * that value's forget() (e.g. `app.catalogueVersion.forget()`).
 */
export function controlClock() {
  vi.useFakeTimers({ toFake: ['performance'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return {
    pass(ms: number) {
      vi.advanceTimersByTime(ms);
    },
  };
}
