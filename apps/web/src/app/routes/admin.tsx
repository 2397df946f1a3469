import { ModalsProvider } from '@mantine/modals';
import { AdminCatalogueScreen } from '../../features/admin-catalogue/components/admin-catalogue-screen';
import { ProtectedRoute } from '../../features/auth/components/protected-route';

export default function AdminRoute() {
  return (
    <ProtectedRoute>
      <title>Catalogue Admin — Exemplar</title>
      <ModalsProvider>
        <AdminCatalogueScreen />
      </ModalsProvider>
    </ProtectedRoute>
  );
}
