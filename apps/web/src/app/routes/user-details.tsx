import { ModalsProvider } from '@mantine/modals';
import { useParams } from 'react-router';
import { UserDetailsPage } from '../../features/admin-users/components/user-details-page';
import { ProtectedRoute } from '../../features/auth/components/protected-route';

/** /dashboard/user/{userId}, userId being the account's username. */
export default function UserDetailsRoute() {
  const { userId } = useParams();
  return (
    <ProtectedRoute>
      <title>User Details — Exemplar</title>
      <ModalsProvider>
        <UserDetailsPage userId={userId} />
      </ModalsProvider>
    </ProtectedRoute>
  );
}
