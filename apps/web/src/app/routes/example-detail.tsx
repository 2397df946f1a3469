import { useParams } from 'react-router';
import { ExampleDetailScreen } from '../../features/examples/components/example-detail-screen';
import { parseId } from '../../features/examples/lib/filters';

export default function ExampleDetailRoute() {
  const { id } = useParams();
  const exampleId = parseId(id);
  return (
    <>
      <title>{exampleId === null ? 'Example — Exemplar' : `Example ${exampleId} — Exemplar`}</title>
      <ExampleDetailScreen key={exampleId ?? 'invalid'} id={exampleId} />
    </>
  );
}
