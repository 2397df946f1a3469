/**
 * Tables as KaTeX can set them: `tabular` (LaTeX's text table) as an `array` whose prose cells are
 * in `\text{}`, column specs reduced to what `array` accepts, and `\multicolumn` (KaTeX lacks it)
 * spread over empty cells.
 */
import { splitMath } from './split-math';
import { bracesBalanced, readGroup, splitTop } from './tex-groups';

/**
 * Column spec → one KaTeX's `array` accepts (l c r | : only): `p{…}`/`m{…}`/`b{…}` become `l`,
 * `@{…}`, `!{…}`, `>{…}`, `<{…}` are dropped, `*{n}{cols}` is expanded.
 */
export function arraySpec(spec: string, depth = 0): string {
  let out = '';
  for (let i = 0; i < spec.length; i++) {
    const ch = spec[i]!;
    if ('lcr|:'.includes(ch)) out += ch;
    else if (ch === '*') {
      const count = readGroup(spec, i + 1);
      const cols = count && readGroup(spec, count.end);
      if (count && cols) {
        const n = Math.max(0, Math.min(50, parseInt(count.content, 10) || 0));
        if (depth < 3) out += arraySpec(cols.content, depth + 1).repeat(n);
        i = cols.end - 1;
      }
    } else if ('pmbw@!<>'.includes(ch)) {
      const g = readGroup(spec, i + 1);
      if (g) {
        if ('pmbw'.includes(ch)) out += 'l';
        i = g.end - 1;
      }
    }
  }
  return out || 'l';
}

/** Normalises the column spec of every `\begin{array}{…}` (optional `[t]` position dropped). */
export function rewriteArraySpecs(src: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const at = src.indexOf('\\begin{array}', from);
    if (at < 0) return out + src.slice(from);
    let pos = at + '\\begin{array}'.length;
    const position = /^\s*\[[a-z]\]/.exec(src.slice(pos));
    if (position) pos += position[0].length;
    const g = readGroup(src, pos);
    if (!g) {
      out += src.slice(from, pos);
      from = pos;
      continue;
    }
    out += src.slice(from, at) + `\\begin{array}{${arraySpec(g.content)}}`;
    from = g.end;
  }
}

/**
 * `\multicolumn{n}{spec}{content}` (KaTeX lacks it) → the content in one cell plus n-1 empty
 * cells; right-aligned spans put the content in the last cell (long-division layouts).
 */
export function rewriteMulticolumn(
  src: string,
  cell: (content: string) => string = (c) => c,
): string {
  let out = '';
  let from = 0;
  for (;;) {
    const at = src.indexOf('\\multicolumn', from);
    if (at < 0) return out + src.slice(from);
    const m = readMulticolumn(src, at);
    if (!m) {
      out += src.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    const pad = ' & '.repeat(m.span - 1);
    const body = cell(m.content);
    out += src.slice(from, at) + (m.spec.includes('r') ? pad + body : body + pad);
    from = m.end;
  }
}

/** The `\multicolumn{n}{spec}{content}` at `at` (span clamped to 1–50), or null if malformed. */
function readMulticolumn(
  src: string,
  at: number,
): { span: number; spec: string; content: string; end: number } | null {
  if (!src.startsWith('\\multicolumn', at)) return null;
  const n = readGroup(src, at + '\\multicolumn'.length);
  const spec = n && readGroup(src, n.end);
  const content = spec && readGroup(src, spec.end);
  if (!n || !spec || !content) return null;
  const span = Math.max(1, Math.min(50, parseInt(n.content, 10) || 1));
  return { span, spec: spec.content, content: content.content, end: content.end };
}

/**
 * One tabular cell (prose with `$…$`) → math-mode source: prose wrapped in `\text{}`. When the
 * maths sits inside a text command's group (`\textbf{Votes for $x$}`), the prose around it does
 * not pair its braces, so the whole cell goes in one `\text{}`, where KaTeX reads `$…$` too.
 */
export function tabularCell(cell: string): string {
  const segments = splitMath(cell);
  if (
    segments.some((seg) => seg.kind === 'text' && !bracesBalanced(seg.raw)) &&
    segments.every((seg) => seg.kind === 'text' || seg.kind === 'inline') &&
    bracesBalanced(cell)
  ) {
    return `\\text{${cell}}`;
  }
  let out = '';
  for (const seg of segments) {
    if (seg.kind === 'text') {
      // Unpaired `$` (e.g. an empty `$$` cell) has nothing to show; drop it.
      const prose = seg.raw.replace(/(^|[^\\])\$+/g, '$1');
      if (prose.trim()) out += `\\text{${prose}}`;
    } else if (seg.kind === 'code') {
      out += `\\text{${seg.value.replace(/[{}\\$%&#_^~]/g, '')}}`;
    } else {
      out += `{${seg.value}}`;
    }
  }
  return out;
}

const ROW_RULE_RE =
  /^\s*(?:\\hline|\\hdashline|\\cline\s*\{[^}]*\}|\\noalign\s*\{[^}]*\}|\\vspace\*?\s*\{[^}]*\})\s*/;
/** `\vspace{…}` or `\vspace*{…}` (KaTeX has neither). */
export const VSPACE_RE = /\\vspace\*?\s*\{([^{}]*)\}/g;
const TRAILING_VSPACE_RE = /\\vspace\*?\s*\{([^{}]*)\}\s*$/;
/** A length KaTeX takes in `\\[…]` (not `\baselineskip` and the like). */
const ROW_GAP_RE = /^-?(?:\d+\.?\d*|\.\d+)(?:pt|mm|cm|in|ex|em|bp|pc|dd|cc|nd|nc|sp|px)$/;

/** The length of a `\vspace{…}` usable as a row gap, or ''. */
function rowGap(vspace: string): string {
  const length = /\{([^{}]*)\}/.exec(vspace)?.[1]?.replace(/\s+/g, '') ?? '';
  return ROW_GAP_RE.test(length) ? length : '';
}

/** Splits a tabular body into rows; each separator keeps its optional `[1ex]` spacing. */
function splitRows(body: string): Array<{ row: string; sep: string }> {
  const parts = splitTop(body, '\\\\');
  return parts.map((row, i) => {
    const dim = i > 0 ? /^\s*\[[^\]]*\]/.exec(row) : null;
    return {
      row: dim ? row.slice(dim[0].length) : row,
      sep: i > 0 ? `\\\\${dim ? dim[0].trim() : ''} ` : '',
    };
  });
}

interface TabularRow {
  sep: string;
  rules: string;
  cells: string[];
}

/**
 * Splits a tabular body into rows of cells (source as written). Row rules come first in a row:
 * \hline is kept, what KaTeX lacks (\cline, \noalign) is dropped. `\vspace{d}` at the start of a
 * row, or at the end of the row before, becomes that row's gap `\\[d]` when its separator has
 * none and d is a plain length; any other \vspace is dropped.
 */
function tabularRows(body: string): TabularRow[] {
  const rows = splitRows(body).map(({ row, sep }) => {
    let rest = row;
    let rules = '';
    let gapBefore = '';
    for (let m = ROW_RULE_RE.exec(rest); m; m = ROW_RULE_RE.exec(rest)) {
      const rule = m[0].trim();
      if (rule.startsWith('\\hline') || rule.startsWith('\\hdashline')) rules += rule + ' ';
      else if (rule.startsWith('\\vspace')) gapBefore ||= rowGap(rule);
      rest = rest.slice(m[0].length);
    }
    const gapAfter = rowGap(TRAILING_VSPACE_RE.exec(rest)?.[0] ?? '');
    return { sep, rules, rest: rest.replace(VSPACE_RE, ''), gapBefore, gapAfter };
  });
  return rows.map(({ sep, rules, rest, gapBefore }, i) => {
    const gap = gapBefore || (rows[i - 1]?.gapAfter ?? '');
    return {
      sep: gap && sep === '\\\\ ' ? `\\\\[${gap}] ` : sep,
      rules,
      cells: splitTop(rest, '&').map((cell) => cell.trim()),
    };
  });
}

/** A tabular row as array source: cells in text mode, \multicolumn spread. */
function tabularRow({ sep, rules, cells }: TabularRow): string {
  const out = cells.map((cell) =>
    cell.startsWith('\\multicolumn') ? rewriteMulticolumn(cell, tabularCell) : tabularCell(cell),
  );
  return sep + rules + out.join(' & ');
}

/**
 * A tabular as an array. A first row that is a single `\multicolumn` spanning every column (a
 * title row) is set centred above the other rows, as the first row of a `gathered` whose second
 * row is the array (KaTeX has no column spans); rules above the title (when none is below it) go
 * to the top of the array, so a boxed table stays closed.
 */
function tabularArray(spec: string, body: string): string {
  const rows = tabularRows(body);
  const [head, next] = rows;
  const only = head?.cells.length === 1 ? readMulticolumn(head.cells[0]!, 0) : null;
  const title = only?.content.trim() ? only : null; // an empty one is spacing: left as it was
  const columns = (spec.match(/[lcr]/g) ?? []).length;
  if (next && title && title.end === head!.cells[0]!.length && title.span >= Math.max(2, columns)) {
    const top = { ...next, sep: '', rules: next.rules || head!.rules };
    const table = [top, ...rows.slice(2)].map(tabularRow).join('');
    return (
      `\\begin{gathered}${tabularCell(title.content)}${next.sep}` +
      `\\begin{array}{${spec}}${table}\\end{array}\\end{gathered}`
    );
  }
  return `\\begin{array}{${spec}}${rows.map(tabularRow).join('')}\\end{array}`;
}

/**
 * `src` without its TeX comments: an unescaped `%` to the end of its line goes, with the line
 * break and the next line's leading spaces, as TeX reads it. A tabular's prose cells are wrapped
 * in `\text{…}`, where a comment left in would swallow the closing brace (authors end a line with
 * `%`, e.g. after the column spec).
 */
function dropComments(src: string): string {
  return src.replace(/(^|[^\\])((?:\\\\)*)%[^\n]*(?:\n[ \t]*)?/g, '$1$2');
}

/** The optional vertical position of a tabular, `[t]`, `[b]` or `[c]`, before its column spec. */
const TABULAR_POSITION_RE = /^\s*\[[tbc]?\]/;

/**
 * Replaces every `\begin{tabular}[pos]{spec}…\end{tabular}` (innermost first) with an array; the
 * position means nothing here and is dropped, and so are comments in the body.
 */
export function rewriteTabular(src: string): string {
  let out = src;
  for (let guard = 0; guard < 20; guard++) {
    const end = out.indexOf('\\end{tabular}');
    if (end < 0) break;
    const begin = out.lastIndexOf('\\begin{tabular}', end);
    if (begin < 0) break;
    const afterName = begin + '\\begin{tabular}'.length;
    const position = TABULAR_POSITION_RE.exec(out.slice(afterName, afterName + 8));
    const specGroup = readGroup(out, afterName + (position?.[0].length ?? 0));
    const bodyStart = specGroup ? specGroup.end : afterName;
    const spec = specGroup ? arraySpec(specGroup.content) : 'l';
    out =
      out.slice(0, begin) +
      tabularArray(spec, dropComments(out.slice(bodyStart, end))) +
      out.slice(end + '\\end{tabular}'.length);
  }
  return out;
}
