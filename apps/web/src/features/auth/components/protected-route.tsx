import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoading } from '../../../components/page-loader';
import { useAuth } from '../../../lib/auth/auth-store';
import {
  clearLogoutMark,
  loggedOutAtLocation,
  logout,
  subscribeLogoutMark,
} from '../../../lib/auth/session';
import { authKeys, useCurrentUser } from '../api/get-me';
import { loginPathFor } from '../lib/redirect';

/** Authentication is loading (the session is being checked): the full-page 'Loading...'. */
const Checking = () => <FullPageLoading belowHeader />;

/**
 * Shows `children` only to a signed-in user the server still knows (Protected routes):
 * - while authentication initialises, and while the first GET /auth/me runs: the full-page
 *   'Loading...';
 * - no token: the login screen (/login?next=… brings the user back here after logging in);
 * - GET /auth/me fails: the user is logged out, then the login screen.
 * The check runs again each time a protected page opens; meanwhile the last answer shows.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { initialised, tokens, user } = useAuth();
  const location = useLocation();
  const signedIn = initialised && Boolean(tokens);
  const queryClient = useQueryClient();
  const me = useCurrentUser(user?.sub, signedIn);
  // An error left in the cache by an earlier session counts only once the new check settles.
  const failed = me.isError && !me.isFetching;

  useEffect(() => {
    if (!signedIn || !failed) return;
    queryClient.removeQueries({ queryKey: authKeys.all });
    void logout();
  }, [signedIn, failed, queryClient]);

  const locationKey = location.key;
  useEffect(() => () => clearLogoutMark(locationKey), [locationKey]);
  // Read reactively: when Back clears the mark, this page re-renders and sends the user to log in.
  const loggedOutHere = useSyncExternalStore(subscribeLogoutMark, () =>
    loggedOutAtLocation(locationKey),
  );

  if (!initialised) return <Checking />;
  // The user logged out right here: the app is on its way elsewhere, not to the login screen.
  if (!tokens && loggedOutHere) return null;
  if (!tokens || failed) return <Navigate to={loginPathFor(location)} replace />;
  if (!me.isSuccess) return <Checking />;
  return children;
}
