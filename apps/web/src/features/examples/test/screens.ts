import { createElement } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { ExampleDetailScreen } from '../components/example-detail-screen';
import { ExamplesScreen } from '../components/examples-screen';
import { parseId } from '../../../api/example-filters';

function DetailRoute() {
  const { id } = useParams();
  return createElement(ExampleDetailScreen, { key: id, id: parseId(id) });
}

/** The two examples screens at their paths, without the app's layout (for renderApp). */
export const examplesRoutes: RouteObject[] = [
  { path: '/examples', Component: ExamplesScreen },
  { path: '/examples/:id', Component: DetailRoute },
];
