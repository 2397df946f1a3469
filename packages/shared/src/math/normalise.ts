/**
 * Normalisation layer between the LaTeX written in the catalogue (the MATH dataset dialect) and
 * what KaTeX accepts. Two parts: `MATH_MACROS` (passed to KaTeX; a fresh copy per call) and
 * `normaliseLatex` (source rewrites that macros cannot express, e.g. environments and tabular).
 * Every rule here was added because the corpus measurement (scripts/render-corpus.mjs) found it.
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
    const n = readGroup(src, at + '\\multicolumn'.length);
    const spec = n && readGroup(src, n.end);
    const content = spec && readGroup(src, spec.end);
    if (!n || !spec || !content) {
      out += src.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    const span = Math.max(1, Math.min(50, parseInt(n.content, 10) || 1));
    const pad = ' & '.repeat(span - 1);
    const body = cell(content.content);
    out += src.slice(from, at) + (spec.content.includes('r') ? pad + body : body + pad);
    from = content.end;
  }
}

/** One tabular cell (prose with `$…$`) → math-mode source: prose wrapped in `\text{}`. */
function tabularCell(cell: string): string {
  let out = '';
  for (const seg of splitMath(cell)) {
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

const ROW_RULE_RE = /^\s*(?:\\hline|\\hdashline|\\cline\s*\{[^}]*\}|\\noalign\s*\{[^}]*\})\s*/;

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

/** Rewrites a tabular body into an array body: cells in text mode, rules kept, \multicolumn spread. */
function tabularBody(body: string): string {
  return splitRows(body)
    .map(({ row, sep }) => {
      // Row rules come first in a row; keep \hline, drop what KaTeX lacks (\cline, \noalign).
      let rest = row;
      let rules = '';
      for (let m = ROW_RULE_RE.exec(rest); m; m = ROW_RULE_RE.exec(rest)) {
        const rule = m[0].trim();
        if (rule.startsWith('\\hline') || rule.startsWith('\\hdashline')) rules += rule + ' ';
        rest = rest.slice(m[0].length);
      }
      const cells = splitTop(rest, '&').map((cell) =>
        /^\s*\\multicolumn/.test(cell)
          ? rewriteMulticolumn(cell.trim(), tabularCell)
          : tabularCell(cell.trim()),
      );
      return sep + rules + cells.join(' & ');
    })
    .join('');
}

/** Replaces every `\begin{tabular}{spec}…\end{tabular}` (innermost first) with an array. */
function rewriteTabular(src: string): string {
  let out = src;
  for (let guard = 0; guard < 20; guard++) {
    const end = out.indexOf('\\end{tabular}');
    if (end < 0) break;
    const begin = out.lastIndexOf('\\begin{tabular}', end);
    if (begin < 0) break;
    const specGroup = readGroup(out, begin + '\\begin{tabular}'.length);
    const bodyStart = specGroup ? specGroup.end : begin + '\\begin{tabular}'.length;
    const spec = specGroup ? arraySpec(specGroup.content) : 'l';
    const body = tabularBody(out.slice(bodyStart, end));
    out =
      out.slice(0, begin) +
      `\\begin{array}{${spec}}${body}\\end{array}` +
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

/** Rewrites LaTeX source into something KaTeX renders (see MATH_MACROS for the macro part). */
export function normaliseLatex(src: string): string {
  let out = src;
  if (out.includes('\\begin{tabular}')) out = rewriteTabular(out);
  if (out.includes('\\begin{array}')) out = rewriteArraySpecs(out);
  if (out.includes('\\multicolumn')) out = rewriteMulticolumn(out);
  if (out.includes('\\cline')) out = dropCommandWithArg(out, '\\cline');
  if (out.includes('\\noalign')) out = dropCommandWithArg(out, '\\noalign');
  if (out.includes('\\begin{') || out.includes('\\end{')) {
    out = out.replace(ENV_RE, (whole, kind: string, env: string) => {
      const r = ENV_RENAMES[env];
      if (!r) return whole;
      return kind === 'begin' ? r.begin : r.end;
    });
  }
  return out;
}
