import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The one quick retry waits this long: a blip is absorbed, an outage reaches its screen at once. */
export const RETRY_DELAY_MS = 300;

/**
 * Whether a failed read is asked again before its error screen shows: once, after
 * RETRY_DELAY_MS, and only when a retry can help (the network dropped, or a gateway or the
 * service was briefly unavailable: status 0, 502, 503, 504). A 4xx will not get better by asking
 * again, and a 500 is a fault on our side that shows its screen (with Try Again) at once.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: retryTransient,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
