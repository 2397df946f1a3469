import { useLocation } from 'react-router';
import { UserManagement } from '../../features/admin-users/components/user-management';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { AccessDenied } from '../../features/dashboard/components/access-denied';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { useAuth } from '../../lib/auth/auth-store';
import { loggedOutAtLocation } from '../../lib/auth/session';

/**
 * /dashboard (spec §2): a visitor sees 'Access Denied' with a Login link; a signed-in user, once
 * the session check passes, the dashboard of their highest role.
 */
export default function DashboardRoute() {
  const { initialised, tokens } = useAuth();
  const location = useLocation();
  // Logging out from here leaves for the home page (ProtectedRoute shows nothing meanwhile).
  const visitor = initialised && !tokens && !loggedOutAtLocation(location.key);
  return (
    <>
      <title>Dashboard — Exemplar</title>
      {visitor ? (
        <AccessDenied />
      ) : (
        <ProtectedRoute>
          <DashboardPage superadmin={<UserManagement />} />
        </ProtectedRoute>
      )}
    </>
  );
}
