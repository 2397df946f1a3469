import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { ExampleDetailScreen } from '../components/example-detail-screen';
import { ExamplesScreen } from '../components/examples-screen';
import { parseId } from '../lib/filters';

function DetailRoute() {
  const { id } = useParams();
  return <ExampleDetailScreen key={id} id={parseId(id)} />;
}

/** Renders the examples screens in a memory router at `url`; returns the router to read the URL. */
export function renderExamples(url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/examples', Component: ExamplesScreen },
      { path: '/examples/:id', Component: DetailRoute },
    ],
    { initialEntries: [url] },
  );
  const utils = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location;
  return { ...utils, router, queryClient, location };
}
