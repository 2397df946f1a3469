import { useParams } from 'react-router';
import { ExampleDetailScreen } from '../../features/examples/components/example-detail-screen';
import { parseId } from '../../api/example-filters';

export default function ExampleDetailRoute() {
  const { id } = useParams();
  const exampleId = parseId(id);
  // The screen declares the page's title and meta tags (from the example, once loaded).
  return <ExampleDetailScreen key={exampleId ?? 'invalid'} id={exampleId} />;
}
