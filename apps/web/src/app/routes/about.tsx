import { PageMeta } from '../../components/page-meta';
import { AboutPage } from '../../features/marketing/components/about-page';

export default function AboutRoute() {
  return (
    <>
      <PageMeta
        title="About — Exemplar"
        description="What Exemplar is: a free library of worked maths examples with answers and step-by-step procedures, typeset as they are in print, and how it is made."
        path="/about"
      />
      <AboutPage />
    </>
  );
}
