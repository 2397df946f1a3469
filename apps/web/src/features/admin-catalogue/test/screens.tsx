import { ModalsProvider } from '@mantine/modals';
import type { RouteObject } from 'react-router';
import { AdminCatalogueScreen } from '../components/admin-catalogue-screen';

/** The admin screen at /admin (in ModalsProvider, as app/routes/admin.tsx has it) and a home. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: (
      <ModalsProvider>
        <AdminCatalogueScreen />
      </ModalsProvider>
    ),
  },
  { path: '/', element: <p>Home page</p> },
];
