import { LatexPage } from '../../features/latex/components/latex-page';

/** /latex — the maths demo page. */
export default function LatexRoute() {
  return (
    <>
      <title>LaTeX demo — Exemplar</title>
      <LatexPage />
    </>
  );
}
