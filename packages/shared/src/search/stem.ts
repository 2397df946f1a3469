/**
 * An English stemmer: Porter's algorithm (1980), so that "integrals", "integration" and
 * "integrate" all become "integr". Input is one lower-case word of ASCII letters (accents already
 * folded); anything else (digits, short words) comes back as it is. British -ise spellings are
 * read as -ize first ("factorise" and "factorize" stem alike).
 */

const STEP2: Record<string, string> = {
  ational: 'ate',
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  izer: 'ize',
  bli: 'ble',
  alli: 'al',
  entli: 'ent',
  eli: 'e',
  ousli: 'ous',
  ization: 'ize',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  iveness: 'ive',
  fulness: 'ful',
  ousness: 'ous',
  aliti: 'al',
  iviti: 'ive',
  biliti: 'ble',
  logi: 'log',
};
const STEP3: Record<string, string> = {
  icate: 'ic',
  ative: '',
  alize: 'al',
  iciti: 'ic',
  ical: 'ic',
  ful: '',
  ness: '',
};

// Consonant and vowel runs as Porter defines them (y after a consonant is a vowel).
const c = '[^aeiou]';
const v = '[aeiouy]';
const C = `${c}[^aeiouy]*`;
const V = `${v}[aeiou]*`;
/** m > 0: [C]VC… */
const mGt0 = new RegExp(`^(${C})?${V}${C}`);
/** m = 1: [C]VC[V] */
const mEq1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
/** m > 1: [C]VCVC… */
const mGt1 = new RegExp(`^(${C})?${V}${C}${V}${C}`);
/** The stem holds a vowel. */
const hasVowel = new RegExp(`^(${C})?${v}`);
/** Ends consonant-vowel-consonant, the last not w, x or y. */
const cvc = new RegExp(`^${C}${v}[^aeiouwxy]$`);

const BRITISH_ISE = /^(.{3,}?)is(e|es|ed|ing|ation|ations|er|ers)$/;

export function stem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  let w = word.replace(BRITISH_ISE, '$1iz$2');
  // A leading y is a consonant: mark it so the patterns read it as one.
  const leadingY = w.startsWith('y');
  if (leadingY) w = `Y${w.slice(1)}`;

  // Step 1a: plurals.
  if (/^(.+?)(ss|i)es$/.test(w)) w = w.replace(/^(.+?)(ss|i)es$/, '$1$2');
  else if (/^(.+?)([^s])s$/.test(w)) w = w.replace(/^(.+?)([^s])s$/, '$1$2');

  // Step 1b: -ed, -ing.
  let m = /^(.+?)eed$/.exec(w);
  if (m) {
    if (mGt0.test(m[1]!)) w = w.slice(0, -1);
  } else if ((m = /^(.+?)(ed|ing)$/.exec(w)) && hasVowel.test(m[1]!)) {
    w = m[1]!;
    if (/(at|bl|iz)$/.test(w)) w += 'e';
    else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
    else if (cvc.test(w)) w += 'e';
  }

  // Step 1c: y to i.
  if ((m = /^(.+?)y$/.exec(w)) && hasVowel.test(m[1]!)) w = `${m[1]}i`;

  // Step 2 and 3: double and single suffixes.
  m =
    /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/.exec(
      w,
    );
  if (m && mGt0.test(m[1]!)) w = m[1]! + STEP2[m[2]!];
  m = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/.exec(w);
  if (m && mGt0.test(m[1]!)) w = m[1]! + STEP3[m[2]!];

  // Step 4: suffixes removed from longer stems.
  m = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/.exec(w);
  if (m) {
    if (mGt1.test(m[1]!)) w = m[1]!;
  } else if ((m = /^(.+?)(s|t)(ion)$/.exec(w)) && mGt1.test(m[1]! + m[2]!)) {
    w = m[1]! + m[2]!;
  }

  // Step 5: a final e, a double l.
  if ((m = /^(.+?)e$/.exec(w))) {
    const s = m[1]!;
    if (mGt1.test(s) || (mEq1.test(s) && !cvc.test(s))) w = s;
  }
  if (/ll$/.test(w) && mGt1.test(w)) w = w.slice(0, -1);

  return leadingY ? `y${w.slice(1)}` : w;
}
