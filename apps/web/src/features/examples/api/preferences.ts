import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readPreferences, type Preferences } from '../../../api/contract';
import { api } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-error';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { parseData } from '../../../lib/envelope';
import { object } from '../../../lib/json-shape';

const readAnswer = object({ preferences: readPreferences });

/** A learner's preferences, kept with the session's queries (dropped when they sign out). */
export const preferencesKey = (viewer: string) =>
  [...SESSION_QUERY_KEY, 'preferences', viewer] as const;

/** GET /me/preferences → the signed-in learner's preferences. */
async function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return parseData(readAnswer, await api.get<unknown>('/me/preferences', { signal })).preferences;
}

/** PATCH /me/preferences → the preferences as saved. */
async function updatePreferences(change: Partial<Preferences>): Promise<Preferences> {
  return parseData(readAnswer, await api.patch<unknown>('/me/preferences', change)).preferences;
}

/** The signed-in learner's preferences (not asked for a visitor, nor while `enabled` is false). */
export function usePreferences(viewer: string | null, enabled: boolean) {
  return useQuery({
    queryKey: preferencesKey(viewer ?? ''),
    queryFn: ({ signal }) => getPreferences(signal),
    enabled: enabled && viewer !== null,
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * Saves a change to the learner's preferences, optimistically: the cached preferences change at
 * once and go back, with a notification saying so, when the save fails.
 */
export function useUpdatePreferences(viewer: string | null) {
  const queryClient = useQueryClient();
  const key = preferencesKey(viewer ?? '');
  return useMutation({
    mutationKey: ['preferences', 'update'],
    scope: { id: 'preferences' },
    mutationFn: updatePreferences,
    onMutate: (change) => {
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, { ...before, ...change });
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notifications.show({
        color: 'red',
        title: 'Could not save your choice',
        message: failureMessage(error, 'Please try again.'),
      });
    },
  });
}
