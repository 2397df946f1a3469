import { ModalsProvider } from '@mantine/modals';
import { useState } from 'react';
import { UserManagement } from '../../features/admin-users/components/user-management';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { AccessDenied } from '../../features/dashboard/components/access-denied';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { useAuth } from '../../lib/auth/auth-store';
import { LearnerProgress } from '../compose/learner-progress';

/**
 * /dashboard: a visitor sees 'Access Denied' with a Login link; a signed-in user, once
 * the session check passes, the dashboard of what they may do.
 */
export default function DashboardRoute() {
  const { tokens } = useAuth();
  // A session that ends while here (logout, failed check) is ProtectedRoute's to handle: it leaves
  // for home or the login screen, with no 'Access Denied' in between.
  const [arrivedSignedIn] = useState(() => Boolean(tokens));
  const visitor = !tokens && !arrivedSignedIn;
  return (
    <>
      <title>Dashboard — Exemplar</title>
      {visitor ? (
        <AccessDenied />
      ) : (
        <ProtectedRoute>
          <ModalsProvider>
            <DashboardPage superadmin={<UserManagement />} progress={<LearnerProgress />} />
          </ModalsProvider>
        </ProtectedRoute>
      )}
    </>
  );
}
