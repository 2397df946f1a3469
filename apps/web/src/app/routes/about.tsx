import { AboutPage } from '../../features/marketing/components/about-page';

export default function AboutRoute() {
  return (
    <>
      <title>About — Exemplar</title>
      <AboutPage />
    </>
  );
}
