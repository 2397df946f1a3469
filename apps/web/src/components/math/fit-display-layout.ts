/**
 * How fit-display.ts fits a batch of formulas to their boxes (the order of remedies is described
 * there): every read for the batch, then every write, so a batch costs a few layouts.
 */
import {
  displayParts,
  layoutLatex,
  measureLatex,
  packDisplay,
  widthsFromRows,
} from '@exemplar/shared/math';
import {
  MIN_SCALE,
  PACK_MARGIN,
  SCALE_ONLY,
  SLACK,
  contentWidth,
  renderHtml,
  reset,
  rowWidths,
  setFit,
  setScale,
  setScroll,
  showHtml,
  updateEdges,
  type FitState,
} from './fit-display-dom';

/** Fits a batch of formulas to their boxes (reads and writes each done for all at once). */
export function fit(batch: FitState[]) {
  // Natural widths are measured on the original rendering.
  for (const s of batch) if (s.natural === undefined && s.fit !== 'natural') reset(s);
  for (const s of batch) {
    s.width = s.probe.getBoundingClientRect().width;
    if (s.natural === undefined && s.width > 0) s.natural = contentWidth(s.original);
  }
  const toMeasure: Array<{ state: FitState; node: Element }> = [];
  const toBreak: FitState[] = [];
  for (const s of batch) {
    const natural = s.natural ?? 0;
    if (s.width <= 0 || natural <= 0) continue;
    if (natural <= s.width + SLACK) {
      if (s.fit !== 'natural') reset(s);
      continue;
    }
    if (natural * SCALE_ONLY <= s.width) {
      reset(s);
      setScale(s, s.width / natural);
      setFit(s, 'scaled');
      continue;
    }
    if (s.parts === undefined) s.parts = s.source ? displayParts(s.source) : null;
    if (!s.parts || s.widths === null) {
      shrinkOrScroll(s, s.original, natural);
      continue;
    }
    toBreak.push(s);
    if (s.widths === undefined) {
      const measure = renderHtml(measureLatex(s.parts));
      if (!measure) {
        s.widths = null;
        toBreak.pop();
        shrinkOrScroll(s, s.original, natural);
        continue;
      }
      // Laid out hidden in the box itself, so it has the formula's font size.
      measure.classList.add('math-measure');
      measure.setAttribute('aria-hidden', 'true');
      s.box.append(measure);
      toMeasure.push({ state: s, node: measure });
    }
  }
  // One layout for every measurement.
  for (const { state, node } of toMeasure) {
    state.widths = widthsFromRows(state.parts!, rowWidths(node));
  }
  for (const { node } of toMeasure) node.remove();
  const broken: Array<{ state: FitState; html: Element }> = [];
  for (const s of toBreak) {
    if (!s.widths) {
      shrinkOrScroll(s, s.original, s.natural!);
      continue;
    }
    // A little room for what sticks out of the measured pieces.
    const layout = packDisplay(s.parts!, s.widths, s.width - PACK_MARGIN);
    const rendered = renderHtml(layoutLatex(s.parts!, layout));
    const html = rendered?.querySelector('.katex-html');
    if (!html) {
      shrinkOrScroll(s, s.original, s.natural!);
      continue;
    }
    setScroll(s, false);
    setScale(s, 1);
    showHtml(s, html);
    setFit(s, 'broken');
    broken.push({ state: s, html });
  }
  // One more layout to check the broken formulas.
  const actual = broken.map(({ html }) => contentWidth(html));
  broken.forEach(({ state, html }, k) => {
    const width = actual[k]!;
    if (width >= state.natural!) {
      showHtml(state, state.original);
      shrinkOrScroll(state, state.original, state.natural!);
    } else if (width > state.width + SLACK) shrinkOrScroll(state, html, width);
  });
}

/** Scales `html` (already shown or to show) down to fit, or makes it scroll. */
function shrinkOrScroll(state: FitState, html: Element, width: number) {
  showHtml(state, html);
  const scale = state.width / width;
  if (scale >= MIN_SCALE) {
    setScroll(state, false);
    setScale(state, scale);
    setFit(state, html === state.original ? 'scaled' : 'broken');
  } else {
    setScale(state, 1);
    setScroll(state, true);
    setFit(state, 'scroll');
    const region = state.box.querySelector(':scope > .math-scroll') as HTMLElement | null;
    if (region) updateEdges(region);
  }
}
