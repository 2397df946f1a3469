/**
 * The state fit-display.ts keeps per formula, and the reads and writes a fit is made of: widths
 * measured in the page, KaTeX renderings of rewritten LaTeX, and the box's scale, scroll region
 * and `data-fit` mark.
 */
import { renderMath, type DisplayParts, type DisplayWidths } from '@exemplar/shared/math';

/** Overflow up to 1/0.95 of the box is met by scaling alone. */
export const SCALE_ONLY = 0.95;
/** A formula is never shrunk below this before it scrolls instead. */
export const MIN_SCALE = 0.85;
/** Sub-pixel differences are not overflow. */
export const SLACK = 0.5;
const RENDER_CACHE_SIZE = 200;
/** Pixels kept free when packing lines (measured pieces add up a little under the real line). */
export const PACK_MARGIN = 4;

export const SCROLL_LABEL = 'Wide formula, scroll sideways to see all of it';

export type Fit = 'natural' | 'scaled' | 'broken' | 'scroll';

export interface FitState {
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

const renderCache = new Map<string, string>();

/**
 * Width of rendered KaTeX HTML: from its first item's left to its last item's right, or what it
 * overflows its box by when more (a glyph or space that sticks out of its item).
 */
export function contentWidth(html: Element): number {
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
export function renderHtml(latex: string): Element | null {
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

export function showHtml(state: FitState, html: Element) {
  const current = currentHtml(state);
  if (current && current !== html) current.replaceWith(html);
}

export function setScale(state: FitState, scale: number) {
  if (scale < 1) {
    state.box.style.setProperty('--math-scale', scale.toFixed(4));
    state.box.setAttribute('data-scaled', '');
  } else {
    state.box.style.removeProperty('--math-scale');
    state.box.removeAttribute('data-scaled');
  }
}

export function updateEdges(region: HTMLElement) {
  const more = region.scrollWidth - region.clientWidth;
  region.toggleAttribute('data-more-start', region.scrollLeft > 1);
  region.toggleAttribute('data-more-end', region.scrollLeft < more - 1);
}

function onRegionScroll(event: Event) {
  updateEdges(event.currentTarget as HTMLElement);
}

export function setScroll(state: FitState, scroll: boolean) {
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
export function setFit(state: FitState, fit: Fit) {
  state.fit = fit;
  if (fit === 'natural') state.box.removeAttribute('data-fit');
  else state.box.setAttribute('data-fit', fit);
}

/** Back to KaTeX's first rendering: unbroken, full size, not scrolling. */
export function reset(state: FitState) {
  setScroll(state, false);
  setScale(state, 1);
  showHtml(state, state.original);
  setFit(state, 'natural');
}

/** Row widths of a measureLatex rendering: its outer table's left-aligned column. */
export function rowWidths(html: Element): number[] {
  const table = html.querySelector('.mtable');
  const rows = table?.querySelector(':scope > .col-align-l > .vlist-t > .vlist-r > .vlist');
  if (!rows) return [];
  return [...rows.children].map((row) => row.lastElementChild?.getBoundingClientRect().width ?? 0);
}
