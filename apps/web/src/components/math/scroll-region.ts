/**
 * A MathText box that its page lets scroll sideways (`overflow-x: auto`, as the example cards
 * give their Question, Answer and Procedure) scrolls when a line cannot break: a long inline
 * formula, say. While it does, it is a focusable region named as such (`tabindex=0`,
 * `role=region`, labelled), so that keyboard users reach it and scroll it with the arrow keys and
 * screen readers say what it is, as a display formula made to scroll is (fit-display.ts). A box
 * whose content fits, or that is not itself a scroll container, is left as it is. One
 * ResizeObserver watches every box (a box changes size as its content is typeset, fitted or
 * wrapped at a new width), and fonts arriving late check them all again.
 */
import { SLACK } from './fit-display-dom';

export const TEXT_SCROLL_LABEL = 'Wide maths, scroll sideways to see all of it';

const watched = new Set<HTMLElement>();
let observer: ResizeObserver | null = null;

/** Marks or unmarks each box as a scroll region: every read first, then every write. */
function update(boxes: Iterable<HTMLElement>) {
  const verdicts = [...boxes].map((box) => {
    const overflow = getComputedStyle(box).overflowX;
    const scrolls =
      (overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + SLACK;
    return { box, scrolls };
  });
  for (const { box, scrolls } of verdicts) {
    if (scrolls === box.hasAttribute('data-scrolls')) continue;
    if (scrolls) {
      box.setAttribute('data-scrolls', '');
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', TEXT_SCROLL_LABEL);
    } else {
      box.removeAttribute('data-scrolls');
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

function getObserver(): ResizeObserver {
  if (observer) return observer;
  observer = new ResizeObserver((entries) => update(entries.map((e) => e.target as HTMLElement)));
  document.fonts?.addEventListener('loadingdone', () => update(watched));
  return observer;
}

/**
 * Keeps `box` a focusable, labelled region while it scrolls sideways (see above). Answers the
 * function that stops it. Does nothing where there is no ResizeObserver (a test DOM, a server).
 */
export function watchScrollRegion(box: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const ro = getObserver();
  watched.add(box);
  ro.observe(box);
  return () => {
    ro.unobserve(box);
    watched.delete(box);
  };
}
