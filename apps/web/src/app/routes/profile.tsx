import { ModalsProvider } from '@mantine/modals';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { ProfilePage } from '../../features/auth/components/profile/profile-page';

export default function ProfileRoute() {
  return (
    <ProtectedRoute>
      <title>My Profile — Exemplar</title>
      <ModalsProvider>
        <ProfilePage />
      </ModalsProvider>
    </ProtectedRoute>
  );
}
