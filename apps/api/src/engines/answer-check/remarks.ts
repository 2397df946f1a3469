// The remarks a stored answer writes after the answer itself: a condition on its letters (`, where
// $k \in \mathbb{Z}$`) or words in brackets. Text only.

/** A condition after the answer: `, where $k \in \mathbb{Z}$`, `for any integer $t$`. */
const CONDITION_RE =
  /,?\s*(?:where|for\s+(?:any|all|every|each|some)\s+(?:integers?|real\s+numbers?|reals?|natural\s+numbers?))\s+\$[^$]*\$[^$]*$/i;

/**
 * A stored answer without the remarks after it that are not part of the answer: a condition on
 * its letters (`, where $k \in \mathbb{Z}$`) or words in brackets (`(all solutions satisfy
 * $n \equiv 23 \pmod{105}$)`). The answer itself is left as written.
 */
export function withoutRemarks(answer: string): string {
  let text = answer.replace(/[\s.]+$/, '');
  if (text.endsWith(')')) {
    let depth = 0;
    for (let k = text.length - 1; k >= 0; k--) {
      if (text[k] === ')') depth++;
      else if (text[k] === '(' && --depth === 0) {
        const before = text.slice(0, k);
        const outsideMaths = (before.match(/(?<!\\)\$/g)?.length ?? 0) % 2 === 0;
        if (outsideMaths && /^\(\s*[a-zA-Z]{3,}/.test(text.slice(k)) && /\$/.test(before))
          text = before.trimEnd();
        break;
      }
    }
  }
  const condition = CONDITION_RE.exec(text);
  if (condition && /\$/.test(text.slice(0, condition.index))) text = text.slice(0, condition.index);
  return text === answer.replace(/[\s.]+$/, '') ? answer : text;
}

/**
 * The letter a condition after the answer declares a whole-number parameter
 * (`where $k \in \mathbb{Z}$`, `for any integer $t$`), or undefined.
 */
export function parameterOf(answer: string): string | undefined {
  const condition = CONDITION_RE.exec(answer);
  if (!condition) return undefined;
  const m =
    /\$\s*([a-zA-Z])\s*\\in\s*\\mathbb\s*\{?\s*[ZN]\s*\}?\s*\$/.exec(condition[0]) ??
    /\bintegers?\s+\$\s*([a-zA-Z])\s*\$/i.exec(condition[0]);
  return m?.[1];
}
