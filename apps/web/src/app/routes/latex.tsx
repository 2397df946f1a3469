import { PageMeta } from '../../components/page-meta';
import { LatexPage } from '../../features/latex/components/latex-page';

/** /latex — the maths demo page. */
export default function LatexRoute() {
  return (
    <>
      <PageMeta
        title="LaTeX demo — Exemplar"
        description="Try the maths renderer Exemplar uses: type prose with LaTeX maths and see it typeset as you type, with the syntax it understands."
        path="/latex"
      />
      <LatexPage />
    </>
  );
}
