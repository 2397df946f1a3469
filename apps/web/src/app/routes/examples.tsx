import { ExamplesScreen } from '../../features/examples/components/examples-screen';

export default function ExamplesRoute() {
  return (
    <>
      <title>Browse Examples — Exemplar</title>
      <ExamplesScreen />
    </>
  );
}
