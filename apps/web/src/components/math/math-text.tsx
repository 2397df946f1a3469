import 'katex/dist/katex.min.css';
import './math-text.css';
import { cachedRichText, mathmlOnly, renderRichText, richTextParts } from '@exemplar/shared/math';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { isServerRender } from '../../lib/hydration';
import { fitDisplays, fitDisplaysWhenShown } from './fit-display';
import { typesetWhenNear, useMathmlOnly } from './mathml-only';
import { watchScrollRegion } from './scroll-region';

export interface MathTextProps {
  /** Text with `$inline$`, `$$display$$`, `\(…\)`, `\[…\]`, bare environments and `[asy]` blocks. */
  text: string;
  /** Marker after an expression that fails: '(LaTeX Error)' (default, example lists) or 'Error'. */
  errorLabel?: string;
  /** Rendered as a `div` (default, block content) or a `span` (inside a line). */
  inline?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Texts at least this long are typeset a part at a time (a few hundred expressions or more). */
export const PROGRESSIVE_FROM_CHARS = 4_000;
/** About this much typeset HTML of a long text is written by the server; the browser adds the rest. */
const SERVER_HTML_CHARS = 200_000;
/** Longest stretch of typesetting before the page gets the main thread back. */
const SLICE_MS = 12;

/**
 * The one maths renderer. The HTML comes from `renderRichText`, which escapes all prose and code
 * and runs KaTeX with `trust: false`, so it is safe to insert as HTML. Rendering is memoised (per
 * component and in a shared LRU), so re-renders never re-typeset unchanged text. A long text (a
 * procedure of tens of thousands of characters) is typeset in slices of about 12 ms with the
 * main thread handed back in between, so the page never freezes; the element is `aria-busy`
 * until its last part is in, and parts off screen are not laid out until scrolled to
 * (`content-visibility: auto`). Display maths wider than its box is fitted to it (fit-display.ts:
 * scaled a little, broken onto aligned lines, or made a scroll region with a visible cue); a box
 * whose page lets it scroll sideways is a focusable region while it does (scroll-region.ts).
 */
export const MathText = memo(function MathText(props: MathTextProps) {
  const { text, errorLabel } = props;
  const asMathml = useMathmlOnly() && text.length < PROGRESSIVE_FROM_CHARS;
  // A page rendered on the server holds the whole text typeset (for search engines and readers
  // without JavaScript); the browser adopts that markup as it is instead of typesetting again.
  const [adopt] = useState(() => typeof window !== 'undefined' && isServerRender());
  const [adoptedText] = useState(text);
  if (adopt && text === adoptedText) return <AdoptedMathText {...props} asMathml={asMathml} />;
  // The server's build only (`import.meta.env.SSR`): the browser's bundle leaves this code out.
  if (import.meta.env.SSR && asMathml) return <MathmlOnlyText {...props} />;
  // On the server a long text is written whole, in the parts the browser would typeset one at a
  // time (each laid out only when on screen).
  if (typeof window === 'undefined' && text.length >= PROGRESSIVE_FROM_CHARS) {
    return <PartedMathText {...props} />;
  }
  return text.length >= PROGRESSIVE_FROM_CHARS &&
    cachedRichText(text, { errorLabel }) === undefined ? (
    <ProgressiveMathText {...props} />
  ) : (
    <ImmediateMathText {...props} />
  );
});

/**
 * The element every renderer fills: a `div`, or a `span` inside a line, of class math-text, given
 * the text's `inline`, `className` and `style` as they came.
 */
function MathBox({
  boxRef,
  inline,
  className,
  ...rest
}: Pick<MathTextProps, 'inline' | 'className' | 'style'> & {
  boxRef: React.RefObject<HTMLElement | null>;
  'aria-busy'?: boolean;
  'data-mathml-only'?: boolean;
  'data-parts-written'?: number;
  suppressHydrationWarning?: boolean;
  dangerouslySetInnerHTML?: { __html: string };
}) {
  const Tag = inline ? 'span' : 'div';
  // Scrolling sideways (where its page lets it): a focusable, labelled region.
  useLayoutEffect(() => (boxRef.current ? watchScrollRegion(boxRef.current) : undefined), [boxRef]);
  return (
    <Tag
      ref={boxRef as React.RefObject<HTMLDivElement & HTMLSpanElement>}
      className={className ? `math-text ${className}` : 'math-text'}
      {...rest}
    />
  );
}

/** What hydration passes for the server's markup: React leaves an element's inner HTML alone then. */
const SERVER_MARKUP = { __html: '' };

/**
 * The server's typeset markup, taken over as it is (typesetting it again would hold a phone's
 * main thread for as long as the server took, for the same result). Should the element be empty
 * (React drew this part afresh after a hydration mismatch), it is typeset here.
 */
function AdoptedMathText({
  text,
  errorLabel,
  asMathml,
  ...box
}: MathTextProps & { asMathml: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // Written as MathML only: typeset in full as it nears the screen.
    if (element.hasAttribute('data-mathml-only')) return typesetWhenNear(element, text, errorLabel);
    // Safe: see renderRichText — everything outside KaTeX output is HTML-escaped.
    if (!element.hasChildNodes() && text) element.innerHTML = renderRichText(text, { errorLabel });
    // A long text in parts: each fitted when it comes on screen, as ProgressiveMathText does, and
    // the parts the server left out typeset here.
    const shown = [...element.children].filter((child) => child.classList.contains('math-part'));
    if (shown.length === 0) return fitDisplays(element);
    const stops = shown.map((part) => fitDisplaysWhenShown(part, { alreadyShown: true }));
    const written = Number(element.dataset['partsWritten'] ?? shown.length);
    stops.push(typesetParts(element, richTextParts(text, { errorLabel }), written));
    return () => stops.forEach((stop) => stop());
  }, [text, errorLabel]);
  return (
    <MathBox
      boxRef={ref}
      {...box}
      data-mathml-only={asMathml || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={SERVER_MARKUP}
    />
  );
}

/** On the server, a text inside `MathmlOnly`: every formula by its MathML alone. */
function MathmlOnlyText({ text, errorLabel, ...box }: MathTextProps) {
  const ref = useRef<HTMLElement>(null);
  return (
    <MathBox
      boxRef={ref}
      {...box}
      data-mathml-only
      // Safe: renderRichText's output with parts of KaTeX's markup left out.
      dangerouslySetInnerHTML={{ __html: mathmlOnly(renderRichText(text, { errorLabel })) }}
    />
  );
}

/**
 * A long text written whole on the server, in the parts ProgressiveMathText would add one at a
 * time: each a block of its own, laid out only when on screen (`content-visibility`).
 */
function PartedMathText({ text, errorLabel, ...box }: MathTextProps) {
  const { html, written, total } = useMemo(() => {
    const parts = richTextParts(text, { errorLabel });
    let out = '';
    let count = 0;
    // The first SERVER_PART_CHARS of HTML or so: enough to read and to index; the browser
    // typesets the rest a part at a time, as it would have all of it (a page of several very long
    // texts would otherwise be megabytes of HTML, parsed and laid out in one long task).
    while (count < parts.length && (count === 0 || out.length < SERVER_HTML_CHARS)) {
      out += `<div class="math-part">${parts[count]!()}</div>`;
      count += 1;
    }
    return { html: out, written: count, total: parts.length };
  }, [text, errorLabel]);
  const ref = useRef<HTMLElement>(null);
  return (
    <MathBox
      boxRef={ref}
      {...box}
      aria-busy={written < total || undefined}
      data-parts-written={written < total ? written : undefined}
      // Safe: see renderRichText — every part is its output, cut between segments.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function ImmediateMathText({ text, errorLabel, ...box }: MathTextProps) {
  const html = useMemo(() => renderRichText(text, { errorLabel }), [text, errorLabel]);
  const ref = useRef<HTMLElement>(null);
  // Before paint: a formula too wide for its box is fitted before anyone sees it overflow.
  useLayoutEffect(() => (ref.current ? fitDisplays(ref.current) : undefined), [html]);
  return (
    <MathBox
      boxRef={ref}
      {...box}
      // Safe: see renderRichText — everything outside KaTeX output is HTML-escaped.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Adds `parts[from…]` to `element` a slice of about SLICE_MS at a time, each slice in a task of
 * its own and a block of its own (`math-part`, laid out only when on screen), then clears
 * aria-busy. Returns what stops it (and the fitting of the parts added).
 */
function typesetParts(element: HTMLElement, parts: Array<() => string>, from: number) {
  const stops: Array<() => void> = [];
  let next = from;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const started = performance.now();
    let html = '';
    while (next < parts.length && performance.now() - started < SLICE_MS) html += parts[next++]!();
    // Each slice is a block of its own: appending to one long paragraph would lay all of it out
    // again every time. Parts end with a block (display maths or code), so nothing moves.
    element.insertAdjacentHTML('beforeend', `<div class="math-part">${html}</div>`);
    // Parts off screen are not laid out (content-visibility): fitted when shown.
    if (element.lastElementChild) stops.push(fitDisplaysWhenShown(element.lastElementChild));
    if (next < parts.length) timer = setTimeout(slice, 0);
    else element.removeAttribute('aria-busy');
  };
  // Even the first slice waits for its own task: several long texts mounting together would
  // otherwise all be typeset in the task that mounts them.
  if (next < parts.length) timer = setTimeout(slice, 0);
  else element.removeAttribute('aria-busy');
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}

function ProgressiveMathText({ text, errorLabel, ...box }: MathTextProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Safe: every part is renderRichText output (see above), only cut between segments.
    const cached = cachedRichText(text, { errorLabel });
    if (cached !== undefined) {
      element.innerHTML = cached;
      element.removeAttribute('aria-busy');
      return fitDisplays(element);
    }
    element.innerHTML = '';
    element.setAttribute('aria-busy', 'true');
    return typesetParts(element, richTextParts(text, { errorLabel }), 0);
  }, [text, errorLabel]);
  return <MathBox boxRef={ref} {...box} aria-busy />;
}
