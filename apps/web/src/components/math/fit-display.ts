import {
  displayParts,
  layoutLatex,
  measureLatex,
  packDisplay,
  renderMath,
  widthsFromRows,
  type DisplayParts,
  type DisplayWidths,
} from '@exemplar/shared/math';

/**
 * Fits display maths (`.math-display`, from renderRichText) to its box, so that a formula never
 * hides content silently on a phone. For a formula wider than its box, in this order:
 *
 * 1. overflow of at most 5 %: scaled down to fit (imperceptible, keeps the line);
 * 2. otherwise broken onto aligned lines at top-level relations, arrows and operators
 *    (`displayParts`/`packDisplay` from @exemplar/shared/math, packed with widths measured here);
 * 3. still too wide: scaled down, to no less than 85 %;
 * 4. still too wide: a horizontally scrolling region with a fade at the edge that has more,
 *    focusable (`tabindex=0`, `role=region`, labelled) so it scrolls from the keyboard.
 *
 * Formulas that fit are never touched. The MathML (what screen readers read) stays the original's;
 * only the visible HTML is re-laid out. Widths come from one ResizeObserver on a zero-height probe
 * per formula (so our own changes, which alter heights only, never re-trigger it), and each
 * notification is handled as one batch: all reads, then all writes, a few layouts per batch
 * whatever its size. Fonts arriving late re-fit everything.
 */

/** Overflow up to 1/0.95 of the box is met by scaling alone. */
export const SCALE_ONLY = 0.95;
/** A formula is never shrunk below this before it scrolls instead. */
export const MIN_SCALE = 0.85;
/** Sub-pixel differences are not overflow. */
const SLACK = 0.5;
const RENDER_CACHE_SIZE = 200;
/** Pixels kept free when packing lines (measured pieces add up a little under the real line). */
const PACK_MARGIN = 4;

export const SCROLL_LABEL = 'Wide formula, scroll sideways to see all of it';

type Fit = 'natural' | 'scaled' | 'broken' | 'scroll';

interface FitState {
  box: HTMLElement;
  probe: HTMLElement;
  /** The `.katex-html` KaTeX rendered first (unbroken). */
  original: Element;
  source: string | null;
  parts?: DisplayParts | null;
  /** Width of the original at scale 1, in the current fonts. */
  natural?: number;
  widths?: DisplayWidths | null;
  /** Box width the current fit was made for. */
  width: number;
  fit: Fit;
}

/** Formulas being fitted, by probe; and every formula ever fitted, by box (kept on re-mount). */
const states = new Map<Element, FitState>();
const byBox = new WeakMap<HTMLElement, FitState>();
let observer: ResizeObserver | null = null;
const renderCache = new Map<string, string>();
/** Parts fitted only while shown (fitDisplaysWhenShown): their stop function while watched. */
const shownParts = new Map<Element, (() => void) | null>();

/**
 * Width of rendered KaTeX HTML: from its first item's left to its last item's right, or what it
 * overflows its box by when more (a glyph or space that sticks out of its item).
 */
function contentWidth(html: Element): number {
  const spill = html.scrollWidth > html.clientWidth + SLACK ? html.scrollWidth : 0;
  return Math.max(spill, itemsWidth(html));
}

function itemsWidth(html: Element): number {
  let left = Infinity;
  let right = -Infinity;
  for (const child of html.children) {
    const rect = child.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    left = Math.min(left, rect.left);
    right = Math.max(right, rect.right);
  }
  return right > left ? right - left : 0;
}

/** KaTeX HTML (no MathML) of `latex` in display mode, as a detached element; null on failure. */
function renderHtml(latex: string): Element | null {
  let html = renderCache.get(latex);
  if (html === undefined) {
    const result = renderMath(latex, { displayMode: true, output: 'html' });
    html = result.ok ? result.html : '';
    renderCache.set(latex, html);
    if (renderCache.size > RENDER_CACHE_SIZE) renderCache.delete(renderCache.keys().next().value!);
  }
  if (!html) return null;
  const template = document.createElement('template');
  // Safe: KaTeX output of renderMath (trust: false), as the rest of the maths.
  template.innerHTML = html;
  return template.content.firstElementChild;
}

function katexOf(state: FitState): Element | null {
  return state.box.querySelector('.katex');
}

function currentHtml(state: FitState): Element | null {
  return katexOf(state)?.querySelector(':scope > .katex-html') ?? null;
}

function showHtml(state: FitState, html: Element) {
  const current = currentHtml(state);
  if (current && current !== html) current.replaceWith(html);
}

function setScale(state: FitState, scale: number) {
  if (scale < 1) {
    state.box.style.setProperty('--math-scale', scale.toFixed(4));
    state.box.setAttribute('data-scaled', '');
  } else {
    state.box.style.removeProperty('--math-scale');
    state.box.removeAttribute('data-scaled');
  }
}

function updateEdges(region: HTMLElement) {
  const more = region.scrollWidth - region.clientWidth;
  region.toggleAttribute('data-more-start', region.scrollLeft > 1);
  region.toggleAttribute('data-more-end', region.scrollLeft < more - 1);
}

function onRegionScroll(event: Event) {
  updateEdges(event.currentTarget as HTMLElement);
}

function setScroll(state: FitState, scroll: boolean) {
  const { box } = state;
  const region = box.querySelector(':scope > .math-scroll') as HTMLElement | null;
  if (scroll && !region) {
    const display = box.querySelector(':scope > .katex-display');
    if (!display) return;
    const wrapper = document.createElement('div');
    wrapper.className = 'math-scroll';
    wrapper.tabIndex = 0;
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', SCROLL_LABEL);
    wrapper.addEventListener('scroll', onRegionScroll, { passive: true });
    display.replaceWith(wrapper);
    wrapper.append(display);
  } else if (!scroll && region) {
    region.removeEventListener('scroll', onRegionScroll);
    const display = region.firstElementChild;
    if (display) region.replaceWith(display);
    else region.remove();
  }
}

/** Records how a formula is fitted on its box (`data-fit`, absent when untouched). */
function setFit(state: FitState, fit: Fit) {
  state.fit = fit;
  if (fit === 'natural') state.box.removeAttribute('data-fit');
  else state.box.setAttribute('data-fit', fit);
}

/** Back to KaTeX's first rendering: unbroken, full size, not scrolling. */
function reset(state: FitState) {
  setScroll(state, false);
  setScale(state, 1);
  showHtml(state, state.original);
  setFit(state, 'natural');
}

/** Row widths of a measureLatex rendering: its outer table's left-aligned column. */
function rowWidths(html: Element): number[] {
  const table = html.querySelector('.mtable');
  const rows = table?.querySelector(':scope > .col-align-l > .vlist-t > .vlist-r > .vlist');
  if (!rows) return [];
  return [...rows.children].map((row) => row.lastElementChild?.getBoundingClientRect().width ?? 0);
}

/** Fits a batch of formulas to their boxes (reads and writes each done for all at once). */
function fit(batch: FitState[]) {
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

/**
 * Whether the formula is laid out: one inside a part of a long text that `content-visibility:
 * auto` skips (off screen) is not, and measuring it would force the layout that skipping saves.
 */
function laidOut(state: FitState): boolean {
  const box = state.box as HTMLElement & {
    checkVisibility?: (options: { contentVisibilityAuto: boolean }) => boolean;
  };
  return box.isConnected && (box.checkVisibility?.({ contentVisibilityAuto: true }) ?? true);
}

/** Fits the formulas not yet fitted in their fonts and widths, among `candidates`, if laid out. */
function fitPending(candidates: Iterable<FitState>) {
  const batch: FitState[] = [];
  for (const s of candidates) if (s.width === 0 && laidOut(s)) batch.push(s);
  if (batch.length) fit(batch);
}

function getObserver(): ResizeObserver {
  if (observer) return observer;
  observer = new ResizeObserver((entries) => {
    const batch: FitState[] = [];
    for (const entry of entries) {
      const state = states.get(entry.target);
      const width = entry.contentRect.width;
      if (!state || width <= 0 || Math.abs(width - state.width) <= SLACK) continue;
      // While fonts load, widths are wrong: fitted once they are in (below).
      if (laidOut(state) && document.fonts?.status !== 'loading') batch.push(state);
      else state.width = 0; // fitted when its part is laid out or the fonts are in (below)
    }
    if (batch.length) fit(batch);
  });
  // A part of a long text coming on screen: fit what it holds (first time: start watching it);
  // going off screen: stop watching, so a long text costs only what is on screen.
  document.addEventListener(
    'contentvisibilityautostatechange',
    (event) => {
      const target = event.target as Element;
      const skipped = (event as Event & { skipped?: boolean }).skipped;
      const lazy = shownParts.get(target);
      if (lazy !== undefined) {
        if (skipped) {
          lazy?.();
          shownParts.set(target, null);
        } else if (lazy === null) shownParts.set(target, fitDisplays(target));
        return;
      }
      if (skipped) return;
      const inside = [...target.querySelectorAll('.math-fit-probe')].map((p) => states.get(p));
      fitPending(inside.filter((s): s is FitState => s !== undefined));
    },
    true,
  );
  // Widths measured in fallback fonts are wrong once KaTeX's fonts arrive: measure again (those
  // laid out now; the others when they are).
  document.fonts?.addEventListener('loadingdone', () => {
    for (const s of states.values()) {
      s.natural = undefined;
      s.widths = undefined;
      s.width = 0;
    }
    fitPending(states.values());
  });
  void document.fonts?.ready.then(() => fitPending(states.values()));
  return observer;
}

/**
 * Starts fitting every `.math-display` inside `root` (including ones fitted before: a no-op) and
 * keeps them fitted as their boxes resize. Answers the function that stops it. Does nothing
 * where there is no ResizeObserver (a test DOM, a server).
 */
export function fitDisplays(root: Element): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const ro = getObserver();
  const probes: Element[] = [];
  for (const box of root.querySelectorAll<HTMLElement>('.math-display')) {
    let state = byBox.get(box);
    if (state && states.has(state.probe)) continue;
    if (!state) {
      const original = box.querySelector('.katex > .katex-html');
      if (!original) continue;
      const probe = document.createElement('div');
      probe.className = 'math-fit-probe';
      probe.setAttribute('aria-hidden', 'true');
      box.append(probe);
      const source =
        box.querySelector('.katex-mathml annotation[encoding="application/x-tex"]')?.textContent ??
        null;
      state = { box, probe, original, source, width: 0, fit: 'natural' };
      byBox.set(box, state);
    }
    state.width = 0; // fit again on the first notification
    states.set(state.probe, state);
    ro.observe(state.probe);
    probes.push(state.probe);
  }
  return () => {
    for (const probe of probes) {
      ro.unobserve(probe);
      states.delete(probe);
    }
  };
}

/**
 * Like fitDisplays, for a part of a long text with `content-visibility: auto`: its formulas are
 * watched only while the part is on screen (from its first `contentvisibilityautostatechange`),
 * so thousands of formulas further down cost nothing until scrolled to.
 */
export function fitDisplaysWhenShown(part: Element): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  getObserver();
  shownParts.set(part, null);
  return () => {
    shownParts.get(part)?.();
    shownParts.delete(part);
  };
}
