/**
 * Normalisation layer between the LaTeX written in the catalogue (the MATH dataset dialect) and
 * what KaTeX accepts. Two parts: `MATH_MACROS` (passed to KaTeX; a fresh copy per call) and
 * `normaliseLatex` (source rewrites that macros cannot express, e.g. environments and tabular).
 * Every rule here was added because the corpus measurement (scripts/render-corpus.ts) found it,
 * or because authors write it (\tag on rows, \centerline, \root…\of, \vspace and title rows in
 * tabular).
 */
import { splitMath } from './split-math';

/** Macros KaTeX lacks, mapped to the nearest thing it has. */
export const MATH_MACROS: Readonly<Record<string, string>> = {
  '\\mbox': '\\text{#1}',
  '\\nicefrac': '{}^{#1}\\!/\\!{}_{#2}',
  '\\cancelto': '\\cancel{#2}^{#1}',
  '\\parbox': '\\text{#2}',
  '\\smallskip': '',
  '\\medskip': '',
  '\\bigskip': '',
  '\\indent': '',
  '\\noindent': '',
  '\\nonumber': '',
  '\\notag': '',
  '\\allowbreak': '',
  // Lets `\renewcommand{\arraystretch}{1.5}` (LaTeX idiom) work: KaTeX reads \arraystretch.
  '\\arraystretch': '1',
};

/** Display environments KaTeX only has in another form (or only in display mode). */
const ENV_RENAMES: Readonly<Record<string, { begin: string; end: string }>> = {
  align: { begin: '\\begin{aligned}', end: '\\end{aligned}' },
  'align*': { begin: '\\begin{aligned}', end: '\\end{aligned}' },
  alignat: { begin: '\\begin{alignedat}', end: '\\end{alignedat}' },
  'alignat*': { begin: '\\begin{alignedat}', end: '\\end{alignedat}' },
  gather: { begin: '\\begin{gathered}', end: '\\end{gathered}' },
  'gather*': { begin: '\\begin{gathered}', end: '\\end{gathered}' },
  multline: { begin: '\\begin{gathered}', end: '\\end{gathered}' },
  'multline*': { begin: '\\begin{gathered}', end: '\\end{gathered}' },
  split: { begin: '\\begin{aligned}', end: '\\end{aligned}' },
  eqnarray: { begin: '\\begin{array}{rcl}', end: '\\end{array}' },
  'eqnarray*': { begin: '\\begin{array}{rcl}', end: '\\end{array}' },
  equation: { begin: '{', end: '}' },
  'equation*': { begin: '{', end: '}' },
  displaymath: { begin: '{', end: '}' },
};

const ENV_RE = /\\(begin|end)\{([a-zA-Z]+\*?)\}/g;

/** Reads a `{…}` group starting at `pos` (after optional spaces). Returns null if there is none. */
export function readGroup(src: string, pos: number): { content: string; end: number } | null {
  let i = pos;
  while (i < src.length && /\s/.test(src[i]!)) i++;
  if (src[i] !== '{') return null;
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const ch = src[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return { content: src.slice(i + 1, j), end: j + 1 };
    }
  }
  return null;
}

/** Splits `src` on `sep` (`&` or `\\`) at brace depth 0, ignoring escaped characters. */
function splitTop(src: string, sep: '&' | '\\\\'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (depth === 0 && src.startsWith(sep, i)) {
      parts.push(src.slice(start, i));
      i += sep.length - 1;
      start = i + 1;
      continue;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  parts.push(src.slice(start));
  return parts;
}

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
function rewriteArraySpecs(src: string): string {
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
function rewriteMulticolumn(src: string, cell: (content: string) => string = (c) => c): string {
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

/** Whether the braces of `src` pair up (escaped ones aside). */
function bracesBalanced(src: string): boolean {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * One tabular cell (prose with `$…$`) → math-mode source: prose wrapped in `\text{}`. When the
 * maths sits inside a text command's group (`\textbf{Votes for $x$}`), the prose around it does
 * not pair its braces, so the whole cell goes in one `\text{}`, where KaTeX reads `$…$` too.
 */
function tabularCell(cell: string): string {
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
const VSPACE_RE = /\\vspace\*?\s*\{([^{}]*)\}/g;
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
function rewriteTabular(src: string): string {
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

/** Removes a command with one brace argument everywhere (e.g. `\cline{1-2}`, `\noalign{…}`). */
function dropCommandWithArg(src: string, name: string): string {
  let out = src;
  let from = 0;
  for (;;) {
    const at = out.indexOf(name, from);
    if (at < 0) return out;
    const after = out[at + name.length];
    if (after && /[a-zA-Z]/.test(after)) {
      from = at + name.length;
      continue;
    }
    const g = readGroup(out, at + name.length);
    out = out.slice(0, at) + out.slice(g ? g.end : at + name.length);
    from = at;
  }
}

/** The one token or brace group at `pos` (after spaces), as TeX reads an undelimited argument. */
function readToken(src: string, pos: number): { content: string; end: number } | null {
  let i = pos;
  while (i < src.length && /\s/.test(src[i]!)) i++;
  if (i >= src.length || src[i] === '}') return null;
  if (src[i] === '{') return readGroup(src, i);
  const word = src[i] === '\\' ? /^\\(?:[a-zA-Z]+|[^])/.exec(src.slice(i, i + 100)) : null;
  const token = word ? word[0] : String.fromCodePoint(src.codePointAt(i)!);
  return { content: token, end: i + token.length };
}

/**
 * Plain TeX `\root n \of x` (KaTeX lacks it) → `\sqrt[n]{x}`: the index is everything up to
 * `\of`, the radicand the one token or group after it. Last first, so a root in another's index
 * or radicand is already rewritten when that one is read.
 */
function rewriteRoot(src: string): string {
  let out = src;
  for (let from = out.length; from >= 0;) {
    const at = out.lastIndexOf('\\root', from);
    if (at < 0) break;
    from = at - 1;
    const start = at + '\\root'.length;
    if (/[a-zA-Z]/.test(out[start] ?? '')) continue;
    const of = /\\of(?![a-zA-Z])/.exec(out.slice(start));
    const radicand = of && readToken(out, start + of.index + of[0].length);
    if (!of || !radicand) continue;
    const index = out.slice(start, start + of.index).trim();
    const sqrt = `\\sqrt[${index.includes(']') ? `{${index}}` : index}]{${radicand.content}}`;
    out = out.slice(0, at) + sqrt + out.slice(radicand.end);
  }
  return out;
}

/** Commands that set text in text mode; removed before looking for maths in \centerline. */
const TEXT_COMMAND_RE = /\\(?:text[a-z]*|emph|mbox|bf|it|rm|sf|tt|sc|sl|em)(?![a-zA-Z])/g;

/**
 * Plain TeX `\centerline{…}` (KaTeX lacks it) → its content, in braces: text with `$…$` maths
 * as in a tabular cell (TeX sets it in text mode; a display is centred already). Content with no
 * maths delimiter but a `^`, `_` or maths command was written as maths and stays maths. Last
 * first, so a nested one is rewritten before the one around it reads its content.
 */
function rewriteCenterline(src: string): string {
  let out = src;
  for (let from = out.length; from >= 0;) {
    const at = out.lastIndexOf('\\centerline', from);
    if (at < 0) break;
    from = at - 1;
    const start = at + '\\centerline'.length;
    const g = /[a-zA-Z]/.test(out[start] ?? '') ? null : readGroup(out, start);
    if (!g) continue;
    const maths =
      !/\$|\\\(|\\begin\{/.test(g.content) &&
      /[\^_]|\\[a-zA-Z]/.test(g.content.replace(TEXT_COMMAND_RE, ''));
    out = out.slice(0, at) + `{${maths ? g.content : tabularCell(g.content)}}` + out.slice(g.end);
  }
  return out;
}

/**
 * Environments that KaTeX sets with a `\tag` on each row at the right margin (as MathJax does),
 * in display mode only, mapped to their starred form so untagged rows get no number (as with
 * the rename to aligned/gathered that they otherwise get).
 */
const ROW_TAG_ENVS: Readonly<Record<string, string>> = {
  align: 'align*',
  'align*': 'align*',
  alignat: 'alignat*',
  'alignat*': 'alignat*',
  gather: 'gather*',
  'gather*': 'gather*',
};
const TAG_TEST_RE = /\\tag(?![a-zA-Z])/;

/** The body of environment `env` from `from` (just after its `\begin`) to its `\end`. */
function envBody(src: string, from: number, env: string): string {
  const end = src.indexOf(`\\end{${env}}`, from);
  return src.slice(from, end < 0 ? src.length : end);
}

/** Every `\tag{x}` in `src` → `\qquad\text{(x)}` (`\tag*{x}` → `\qquad\text{x}`). */
function tagsAsText(src: string): string {
  let out = src;
  for (let from = 0; ;) {
    const m = /\\tag(?![a-zA-Z])\s*(\*?)/.exec(out.slice(from));
    if (!m) return out;
    const at = from + m.index;
    const g = readGroup(out, at + m[0].length);
    if (!g) {
      from = at + m[0].length;
      continue;
    }
    const label = m[1] ? g.content : `(${g.content})`;
    out = out.slice(0, at) + `\\qquad\\text{${label}}` + out.slice(g.end);
    from = at;
  }
}

/**
 * `\tag` in an environment that is renamed below: where KaTeX would refuse the tags (inline
 * maths, or several in one eqnarray or multline) each becomes `\qquad(x)` after its row. In
 * display mode, align, alignat and gather keep their tags: see ROW_TAG_ENVS.
 */
function rewriteRowTags(src: string, displayMode: boolean): string {
  let out = '';
  let from = 0;
  for (const m of src.matchAll(ENV_RE)) {
    const env = m[2]!;
    if (m[1] !== 'begin' || !ENV_RENAMES[env] || m.index < from) continue;
    const start = m.index + m[0].length;
    const body = envBody(src, start, env);
    const tags = body.split(TAG_TEST_RE).length - 1;
    if (!tags || (displayMode && (ROW_TAG_ENVS[env] || tags === 1))) continue;
    out += src.slice(from, start) + tagsAsText(body);
    from = start + body.length;
  }
  return out + src.slice(from);
}

/** Renames the environments of ENV_RENAMES (tagged ones in display mode: see ROW_TAG_ENVS). */
function renameEnvironments(src: string, displayMode: boolean): string {
  const tagged = displayMode && src.includes('\\tag');
  const ends: Array<{ env: string; end: string }> = [];
  return src.replace(ENV_RE, (whole, kind: string, env: string, at: number) => {
    const r = ENV_RENAMES[env];
    if (!r) return whole;
    if (kind === 'end') return ends[ends.length - 1]?.env === env ? ends.pop()!.end : r.end;
    const native =
      tagged && ROW_TAG_ENVS[env] && TAG_TEST_RE.test(envBody(src, at + whole.length, env));
    ends.push({ env, end: native ? `\\end{${ROW_TAG_ENVS[env]}}` : r.end });
    return native ? `\\begin{${ROW_TAG_ENVS[env]}}` : r.begin;
  });
}

/**
 * Rewrites LaTeX source into something KaTeX renders (see MATH_MACROS for the macro part).
 * `displayMode` as KaTeX will be called with (tagged rows are kept only in display mode).
 */
export function normaliseLatex(src: string, options: { displayMode?: boolean } = {}): string {
  const displayMode = options.displayMode ?? false;
  let out = src;
  if (out.includes('\\root')) out = rewriteRoot(out);
  // Before tabular: a \centerline round a tabular leaves it to be rewritten as any other.
  if (out.includes('\\centerline')) out = rewriteCenterline(out);
  if (out.includes('\\begin{tabular}')) out = rewriteTabular(out);
  if (out.includes('\\begin{array}')) out = rewriteArraySpecs(out);
  if (out.includes('\\multicolumn')) out = rewriteMulticolumn(out);
  if (out.includes('\\cline')) out = dropCommandWithArg(out, '\\cline');
  if (out.includes('\\noalign')) out = dropCommandWithArg(out, '\\noalign');
  // \vspace outside a tabular (there it becomes a row gap) has nothing to space in KaTeX: dropped.
  if (out.includes('\\vspace')) out = out.replace(VSPACE_RE, '');
  if (out.includes('\\tag')) out = rewriteRowTags(out, displayMode);
  if (out.includes('\\begin{') || out.includes('\\end{')) {
    out = renameEnvironments(out, displayMode);
  }
  return out;
}
