/**
 * Reading TeX source as TeX reads arguments: a `{…}` group, one token or group, a split at brace
 * depth 0, whether braces pair up, and a command dropped with its argument; backslash pairs are
 * stepped over together, so an escaped brace never counts.
 */

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
export function splitTop(src: string, sep: '&' | '\\\\'): string[] {
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

/** Whether the braces of `src` pair up (escaped ones aside). */
export function bracesBalanced(src: string): boolean {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** The one token or brace group at `pos` (after spaces), as TeX reads an undelimited argument. */
export function readToken(src: string, pos: number): { content: string; end: number } | null {
  let i = pos;
  while (i < src.length && /\s/.test(src[i]!)) i++;
  if (i >= src.length || src[i] === '}') return null;
  if (src[i] === '{') return readGroup(src, i);
  const word = src[i] === '\\' ? /^\\(?:[a-zA-Z]+|[^])/.exec(src.slice(i, i + 100)) : null;
  const token = word ? word[0] : String.fromCodePoint(src.codePointAt(i)!);
  return { content: token, end: i + token.length };
}

/** Removes a command with one brace argument everywhere (e.g. `\cline{1-2}`, `\noalign{…}`). */
export function dropCommandWithArg(src: string, name: string): string {
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
