import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { logout, SESSION_QUERY_KEY } from './session';

/**
 * Logs out from anywhere in the UI: first leaves for `to` (so a protected page is not left on screen
 * without a session, which would send the user to the login screen instead), then clears the
 * session, drops the user's cached queries and refetches the rest as a visitor.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (to: string = paths.home) => {
      await navigate(to);
      const done = logout();
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries();
      await done;
    },
    [navigate, queryClient],
  );
}
