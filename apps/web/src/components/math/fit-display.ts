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
import { SLACK, type FitState } from './fit-display-dom';
import { fit } from './fit-display-layout';

export { MIN_SCALE, SCALE_ONLY, SCROLL_LABEL } from './fit-display-dom';

/** Formulas being fitted, by probe; and every formula ever fitted, by box (kept on re-mount). */
const states = new Map<Element, FitState>();
const byBox = new WeakMap<HTMLElement, FitState>();
let observer: ResizeObserver | null = null;
/** Parts fitted only while shown (fitDisplaysWhenShown): their stop function while watched. */
const shownParts = new Map<Element, (() => void) | null>();

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
      if (lazy !== undefined && skipped) {
        lazy?.();
        shownParts.set(target, null);
        return;
      }
      if (lazy === null) {
        shownParts.set(target, fitDisplays(target));
        return;
      }
      if (skipped) return;
      // Laid out now: the formulas whose width came while they were not are fitted (also in a
      // part watched since the server's page was taken over).
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
 * so thousands of formulas further down cost nothing until scrolled to. `alreadyShown`: the part
 * was in the page before (a server-rendered one) and may be on screen already.
 */
export function fitDisplaysWhenShown(part: Element, { alreadyShown = false } = {}): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  getObserver();
  shownParts.set(part, null);
  // A part that was on the page before anything listened (written by the server) had its first
  // state change already: if it is on screen now, it is fitted now.
  if (alreadyShown && part.checkVisibility?.({ contentVisibilityAuto: true })) {
    shownParts.set(part, fitDisplays(part));
  }
  return () => {
    shownParts.get(part)?.();
    shownParts.delete(part);
  };
}
