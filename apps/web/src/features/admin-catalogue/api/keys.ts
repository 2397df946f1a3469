import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the admin screen. They live under the same prefixes as the browse screen's
 * (`['catalogue', …]` for subjects, categories, difficulties, types; `['examples', …]` for
 * examples), so one invalidation after a write reloads both screens' lists.
 */
export const CATALOGUE_PREFIX = ['catalogue'] as const;
export const EXAMPLES_PREFIX = ['examples'] as const;

export const adminKeys = {
  subjects: () => [...CATALOGUE_PREFIX, 'admin', 'subjects'] as const,
  categories: () => [...CATALOGUE_PREFIX, 'admin', 'categories'] as const,
  difficulties: () => [...CATALOGUE_PREFIX, 'admin', 'difficulties'] as const,
  types: () => [...CATALOGUE_PREFIX, 'admin', 'types'] as const,
  examples: (query: Record<string, string | undefined>) =>
    [...EXAMPLES_PREFIX, 'admin', query] as const,
};

/**
 * After any catalogue write: everything catalogue- and example-shaped is stale, here and on the
 * browse screen (names of subjects, categories, difficulties and types show up in example lists).
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CATALOGUE_PREFIX }),
    queryClient.invalidateQueries({ queryKey: EXAMPLES_PREFIX }),
  ]);
}
