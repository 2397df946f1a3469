import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../paths';
import { logout, markLogoutAt, SESSION_QUERY_KEY } from './session';

/**
 * Logs out from anywhere in the UI: leaves for `to` (home by default), then clears the session,
 * drops the user's cached queries and refetches the rest as a visitor. A protected page left behind
 * does not send the user to the login screen meanwhile (see markLogoutAt).
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    async (to: string = paths.home) => {
      markLogoutAt(location.key);
      await navigate(to);
      const done = logout();
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries();
      await done;
    },
    [navigate, queryClient, location.key],
  );
}
