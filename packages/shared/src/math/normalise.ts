/**
 * Normalisation layer between the LaTeX written in the catalogue (the MATH dataset dialect) and
 * what KaTeX accepts. Two parts: `MATH_MACROS` (passed to KaTeX; a fresh copy per call) and
 * `normaliseLatex` (source rewrites that macros cannot express, e.g. environments and tabular:
 * tables in tabular.ts, the reading of groups and tokens in tex-groups.ts).
 * Every rule here was added because the corpus measurement (scripts/render-corpus.ts) found it,
 * or because authors write it (\tag on rows, \centerline, \root…\of, \vspace and title rows in
 * tabular).
 */
import {
  rewriteArraySpecs,
  rewriteMulticolumn,
  rewriteTabular,
  tabularCell,
  VSPACE_RE,
} from './tabular';
import { dropCommandWithArg, readGroup, readToken } from './tex-groups';

export { arraySpec } from './tabular';
export { readGroup } from './tex-groups';

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

/**
 * Rewrites every command `name` (not the start of a longer name), last first: `rewrite` gets the
 * source, where the command starts and where its name ends, and returns the source with it
 * rewritten, or null to leave it as it is.
 */
function rewriteLastFirst(
  src: string,
  name: string,
  rewrite: (out: string, at: number, start: number) => string | null,
): string {
  let out = src;
  for (let from = out.length; from >= 0;) {
    const at = out.lastIndexOf(name, from);
    if (at < 0) break;
    from = at - 1;
    const start = at + name.length;
    if (/[a-zA-Z]/.test(out[start] ?? '')) continue;
    out = rewrite(out, at, start) ?? out;
  }
  return out;
}

/**
 * Plain TeX `\root n \of x` (KaTeX lacks it) → `\sqrt[n]{x}`: the index is everything up to
 * `\of`, the radicand the one token or group after it. Last first, so a root in another's index
 * or radicand is already rewritten when that one is read.
 */
function rewriteRoot(src: string): string {
  return rewriteLastFirst(src, '\\root', (out, at, start) => {
    const of = /\\of(?![a-zA-Z])/.exec(out.slice(start));
    const radicand = of && readToken(out, start + of.index + of[0].length);
    if (!of || !radicand) return null;
    const index = out.slice(start, start + of.index).trim();
    const sqrt = `\\sqrt[${index.includes(']') ? `{${index}}` : index}]{${radicand.content}}`;
    return out.slice(0, at) + sqrt + out.slice(radicand.end);
  });
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
  return rewriteLastFirst(src, '\\centerline', (out, at, start) => {
    const g = readGroup(out, start);
    if (!g) return null;
    const maths =
      !/\$|\\\(|\\begin\{/.test(g.content) &&
      /[\^_]|\\[a-zA-Z]/.test(g.content.replace(TEXT_COMMAND_RE, ''));
    return out.slice(0, at) + `{${maths ? g.content : tabularCell(g.content)}}` + out.slice(g.end);
  });
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
