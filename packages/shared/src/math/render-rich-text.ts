import { renderMath } from './render-math';
import { splitMath, type MathSegment } from './split-math';

export interface RenderRichTextOptions {
  /** Marker shown after an expression that fails: '(LaTeX Error)' in lists, 'Error' on /latex. */
  errorLabel?: string;
}

export const DEFAULT_ERROR_LABEL = '(LaTeX Error)';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Escaped prose with line breaks kept as `<br>`. */
function proseHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

function errorHtml(raw: string, error: string, label: string, display: boolean): string {
  const marker =
    `<span class="math-error" role="note" title="${escapeHtml(error)}">` +
    `${escapeHtml(label)}</span>`;
  const inner = `<code class="math-source">${proseHtml(raw)}</code> ${marker}`;
  return display
    ? `<div class="math-failed math-failed-display">${inner}</div>`
    : `<span class="math-failed">${inner}</span>`;
}

const isBlock = (s: MathSegment | undefined) => s?.kind === 'display' || s?.kind === 'code';

/** Punctuation that must stay on the same line as the inline maths before it ("$x$, then"). */
const TRAILING_PUNCTUATION = /^[.,;:!?)\]}'"\u2019\u201d]+/;

/**
 * HTML of `segments[from..to)`, reading their neighbours in the whole list (a block drops the
 * newline next to it; an inline expression keeps the punctuation after it on its line). `from`
 * must not follow an inline segment, so no punctuation was glued to the one before it.
 */
function renderSegments(segments: MathSegment[], from: number, to: number, label: string): string {
  let html = '';
  let glued = 0; // characters of the current text segment already emitted with the maths before it
  for (let index = from; index < to; index++) {
    const seg = segments[index]!;
    switch (seg.kind) {
      case 'text': {
        // A block already starts on its own line: drop one newline on each side of it.
        let value = seg.value.slice(glued);
        glued = 0;
        if (isBlock(segments[index - 1])) value = value.replace(/^[ \t]*\r?\n/, '');
        if (isBlock(segments[index + 1])) value = value.replace(/\r?\n[ \t]*$/, '');
        html += proseHtml(value);
        break;
      }
      case 'inline':
      case 'display': {
        const display = seg.kind === 'display';
        const result = renderMath(seg.value, { displayMode: display });
        if (!result.ok) html += errorHtml(seg.raw, result.error, label, display);
        else if (display) html += `<div class="math-display">${result.html}</div>`;
        else {
          // Keep "x," together: browsers may otherwise break the line between maths and comma.
          const next = segments[index + 1];
          const punctuation =
            next?.kind === 'text' ? TRAILING_PUNCTUATION.exec(next.value)?.[0] : '';
          if (punctuation) {
            html += `<span class="math-nowrap">${result.html}${escapeHtml(punctuation)}</span>`;
            glued = punctuation.length;
          } else html += result.html;
        }
        break;
      }
      case 'code':
        html += `<pre class="math-code"><code>${escapeHtml(seg.value)}</code></pre>`;
        break;
    }
  }
  return html;
}

function renderUncached(text: string, label: string): string {
  const segments = splitMath(text);
  return renderSegments(segments, 0, segments.length, label);
}

/** A small least-recently-used cache (Map keeps insertion order). */
class LruCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }
  get size(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
}

export const RICH_TEXT_CACHE_SIZE = 500;
const cache = new LruCache<string>(RICH_TEXT_CACHE_SIZE);

/**
 * Renders text mixed with maths to an HTML string that is safe to insert: prose and code are
 * HTML-escaped, maths goes through KaTeX with `trust: false`. Failing expressions show their
 * escaped source followed by `<span class="math-error">{errorLabel}</span>`. Display maths is
 * wrapped in `<div class="math-display">` (scrolls horizontally). Memoised by (text, errorLabel)
 * in a bounded LRU, so re-renders never re-typeset unchanged text.
 */
export function renderRichText(text: string, options: RenderRichTextOptions = {}): string {
  const label = options.errorLabel ?? DEFAULT_ERROR_LABEL;
  const key = `${label}\u0000${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = renderUncached(text, label);
  cache.set(key, html);
  return html;
}

/** The HTML renderRichText has memoised for `text`, if any (renders nothing). */
export function cachedRichText(
  text: string,
  options: RenderRichTextOptions = {},
): string | undefined {
  return cache.get(`${options.errorLabel ?? DEFAULT_ERROR_LABEL}\u0000${text}`);
}

/** Source characters per part of richTextParts: some 10–30 ms of KaTeX on a slow machine. */
export const RICH_TEXT_PART_CHARS = 2_000;

/**
 * The HTML of renderRichText(text) in consecutive parts, each rendered only when its function is
 * called, so a long text can be typeset a little at a time with the page kept responsive in
 * between. Each part is a run of whole segments of at least `partChars` source characters, cut
 * only after display maths or code (HTML blocks), so each part can be shown as a block of its own
 * and looks the same. Text without blocks is one part. Joined in order the parts are exactly
 * renderRichText's output, which is memoised once the last part is rendered.
 */
export function richTextParts(
  text: string,
  options: RenderRichTextOptions & { partChars?: number } = {},
): Array<() => string> {
  const label = options.errorLabel ?? DEFAULT_ERROR_LABEL;
  const partChars = options.partChars ?? RICH_TEXT_PART_CHARS;
  const segments = splitMath(text);
  const bounds: number[] = [0];
  let size = 0;
  segments.forEach((seg, index) => {
    size += seg.raw.length;
    if (size >= partChars && isBlock(seg) && index + 1 < segments.length) {
      bounds.push(index + 1);
      size = 0;
    }
  });
  bounds.push(segments.length);
  const html: string[] = [];
  let rendered = 0;
  return bounds.slice(1).map((to, part) => () => {
    if (html[part] === undefined) {
      html[part] = renderSegments(segments, bounds[part]!, to, label);
      if (++rendered === bounds.length - 1) cache.set(`${label}\u0000${text}`, html.join(''));
    }
    return html[part];
  });
}

/** For tests and benchmarks: empties the memo and reports its size. */
export const richTextCache = {
  clear: () => cache.clear(),
  get size() {
    return cache.size;
  },
};
