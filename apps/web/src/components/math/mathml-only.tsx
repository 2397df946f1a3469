import { renderRichText } from '@exemplar/shared/math';
import { createContext, useContext, type ReactNode } from 'react';
import { fitDisplays } from './fit-display';
import { watchScrollRegion } from './scroll-region';

/**
 * Whether the server writes the maths inside with its MathML only (`MathmlOnly`): true for the
 * cards of a list below its first screen.
 */
const MathmlOnlyContext = createContext(false);

/**
 * Texts inside are written by the server with each formula's MathML only, not KaTeX's visual
 * layout (most of a formula's markup, hidden from screen readers): a list's cards below its first
 * screen, so that a phone parses a page a fraction of the size before it shows the first. The
 * browser draws MathML itself (readers without JavaScript and screen readers get the maths); once
 * the page is taken over, each such text is typeset in full as it nears the screen.
 */
export function MathmlOnly({ when = true, children }: { when?: boolean; children: ReactNode }) {
  return <MathmlOnlyContext.Provider value={when}>{children}</MathmlOnlyContext.Provider>;
}

/** How far beyond the screen a text written as MathML only is typeset in full: a screen. */
const TYPESET_AHEAD = '100% 0px';

/** Whether the texts here are written by the server with their MathML only (`MathmlOnly`). */
export const useMathmlOnly = () => useContext(MathmlOnlyContext);

/**
 * Typesets `element` (a text the server wrote as MathML only) in full once it is within a screen
 * of the viewport, then fits its displays. Until then a display wider than its box scrolls
 * sideways as a focusable, labelled region (scroll-region.ts). Returns what stops the watch (and
 * the fitting).
 */
export function typesetWhenNear(
  element: HTMLElement,
  text: string,
  errorLabel: string | undefined,
) {
  let stopRegions = [...element.querySelectorAll<HTMLElement>('.math-display')].map(
    watchScrollRegion,
  );
  let stopFitting: (() => void) | undefined;
  const stop = () => {
    stopRegions.forEach((stopRegion) => stopRegion());
    stopRegions = [];
    stopFitting?.();
  };
  const typeset = () => {
    stop();
    // Safe: see renderRichText — everything outside KaTeX output is HTML-escaped.
    element.innerHTML = renderRichText(text, { errorLabel });
    element.removeAttribute('data-mathml-only');
    stopFitting = fitDisplays(element);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      typeset();
    },
    { rootMargin: TYPESET_AHEAD },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    stop();
  };
}
