import { ModalsProvider } from '@mantine/modals';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { authStore } from '../../../lib/auth/auth-store';
import { storeSession } from '../../../test/render';
import { AdminCatalogueScreen } from '../components/admin-catalogue-screen';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

/** Signs in as a user with `groups` (an admin by default). */
export function signIn(groups: string[] = ['admin']) {
  storeSession({ sub: 'sub-root', email: 'root@example.com', name: 'Root', groups });
  authStore.initialise();
}

/** Renders the admin screen at `url` (e.g. '/admin?tab=examples') for a signed-in admin. */
export function renderAdmin(url = '/admin', { groups = ['admin'] }: { groups?: string[] } = {}) {
  signIn(groups);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/admin', Component: AdminCatalogueScreen },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [url] },
  );
  const utils = render(
    <AppProviders queryClient={queryClient} env="test">
      {/* As app/routes/admin.tsx provides it. */}
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
