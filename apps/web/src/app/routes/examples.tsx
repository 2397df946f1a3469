import { ExamplesScreen } from '../../features/examples/components/examples-screen';

export default function ExamplesRoute() {
  // The screen declares the page's title and meta tags (from its filters).
  return <ExamplesScreen />;
}
