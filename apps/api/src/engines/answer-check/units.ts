// Units in answers: which spellings name which unit, and what a unit measures. An answer's unit
// is read (`5 \text{ cm}`, `44\text{ m}^2`, `\$5`, `30^\circ`, `25\%`) so that a learner's
// `500 \text{ cm}` is accepted for a stored `5 \text{ m}`, and `5 \text{ kg}` is not. A unit this
// table does not know (`\text{ sq units}`, `\text{ daps}`) is left out of the comparison, as
// words are. The rules are in docs/decisions/031-answer-checking.md ("Units").

/** What a unit measures, as powers of base quantities (`L2` an area), and its size in SI. */
export interface Unit {
  /** The unit as written in the marker (`cm^2`). */
  key: string;
  dimension: string;
  /** Size in the dimension's base unit (metres, kilograms, seconds, dollars, radians...). */
  factor: number;
}

/** Units by their symbol: [base quantity, size in the base unit]. */
const SYMBOLS: Record<string, readonly [string, number]> = {
  mm: ['L', 1e-3],
  cm: ['L', 1e-2],
  m: ['L', 1],
  km: ['L', 1e3],
  in: ['L', 0.0254],
  ft: ['L', 0.3048],
  yd: ['L', 0.9144],
  mi: ['L', 1609.344],
  mg: ['M', 1e-6],
  g: ['M', 1e-3],
  kg: ['M', 1],
  t: ['M', 1e3],
  lb: ['M', 0.45359237],
  oz: ['M', 0.028349523125],
  ms: ['T', 1e-3],
  s: ['T', 1],
  min: ['T', 60],
  h: ['T', 3600],
  day: ['T', 86400],
  week: ['T', 604800],
  // Months and years vary in days: counted against each other only.
  month: ['Y', 1],
  year: ['Y', 12],
  mL: ['L3', 1e-6],
  L: ['L3', 1e-3],
  gal: ['L3', 3.785411784e-3],
  $: ['$', 1],
  cent: ['$', 0.01],
  deg: ['A', Math.PI / 180],
  rad: ['A', 1],
  '%': ['%', 1],
  J: ['J', 1],
  kJ: ['J', 1e3],
  N: ['N', 1],
  kN: ['N', 1e3],
  W: ['W', 1],
  kW: ['W', 1e3],
  Pa: ['Pa', 1],
  kPa: ['Pa', 1e3],
  Hz: ['Hz', 1],
};

/** Words (and other spellings) for the symbols, singular and plural, compared in lower case. */
const WORDS: Record<string, string> = {};
const spell = (symbol: string, ...words: string[]) => {
  for (const w of words) WORDS[w] = symbol;
};
spell('mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres');
spell('cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres');
spell('m', 'meter', 'meters', 'metre', 'metres');
spell('km', 'kilometer', 'kilometers', 'kilometre', 'kilometres');
spell('in', 'inch', 'inches', 'in.');
spell('ft', 'foot', 'feet', 'ft.');
spell('yd', 'yard', 'yards', 'yds');
spell('mi', 'mile', 'miles');
spell('mg', 'milligram', 'milligrams');
spell('g', 'gram', 'grams');
spell('kg', 'kilogram', 'kilograms', 'kilo', 'kilos');
spell('t', 'tonne', 'tonnes');
spell('lb', 'pound', 'pounds', 'lbs', 'lb.');
spell('oz', 'ounce', 'ounces');
spell('ms', 'millisecond', 'milliseconds');
spell('s', 'second', 'seconds', 'sec', 'secs');
spell('min', 'minute', 'minutes', 'mins');
spell('h', 'hour', 'hours', 'hr', 'hrs');
spell('day', 'days');
spell('week', 'weeks');
spell('month', 'months');
spell('year', 'years', 'yr', 'yrs');
spell('mL', 'ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres');
spell('L', 'l', 'liter', 'liters', 'litre', 'litres');
spell('gal', 'gallon', 'gallons');
spell('$', 'dollar', 'dollars');
spell('cent', 'cents');
spell('deg', 'degree', 'degrees');
spell('rad', 'radian', 'radians');
spell('%', 'percent', 'per cent');
spell('J', 'joule', 'joules');
spell('kJ', 'kilojoule', 'kilojoules');
spell('N', 'newton', 'newtons');
spell('W', 'watt', 'watts');
spell('kW', 'kilowatt', 'kilowatts');
spell('Hz', 'hertz');

/** The powers words give (`square cm`, `cubic feet`). */
const POWER_WORDS: Record<string, number> = { square: 2, sq: 2, 'sq.': 2, cubic: 3, cu: 3 };

/** The symbol a spelling names (symbols are case-sensitive, words are not), or undefined. */
function symbolOf(word: string): string | undefined {
  if (word in SYMBOLS) return word;
  return WORDS[word.toLowerCase()];
}

/**
 * The unit a written unit names (`cm`, ` square centimeters`, `ft` with power 2), as the key
 * of its marker (`cm^2`), or undefined when the table does not know it.
 */
export function unitKey(written: string, power = 1): string | undefined {
  const words = written.trim().replace(/\s+/g, ' ');
  const [first, ...rest] = words.split(' ');
  const prefix = first ? POWER_WORDS[first.toLowerCase()] : undefined;
  const name = prefix && rest.length > 0 ? rest.join(' ') : words;
  const symbol = symbolOf(name);
  if (!symbol) return undefined;
  const total = (prefix && rest.length > 0 ? prefix : 1) * power;
  if (total > 1 && SYMBOLS[symbol]![0] !== 'L') return undefined;
  return total === 1 ? symbol : `${symbol}^${total}`;
}

/** What a marker's key measures, and its size; a compound key (`m/s`, `m/s^2`) as a quotient. */
export function unitOfKey(key: string): Unit | undefined {
  const slash = key.indexOf('/');
  if (slash > 0) {
    const top = unitOfKey(key.slice(0, slash));
    const bottom = unitOfKey(key.slice(slash + 1));
    if (!top || !bottom) return undefined;
    return {
      key,
      dimension: `${top.dimension}/${bottom.dimension}`,
      factor: top.factor / bottom.factor,
    };
  }
  const [symbol, power = '1'] = key.split('^');
  const entry = symbol ? SYMBOLS[symbol] : undefined;
  if (!entry) return undefined;
  const n = Number(power);
  const [base, size] = entry;
  return { key, dimension: n === 1 ? base : `${base}${n}`, factor: size ** n };
}

/**
 * The marker key of a unit as an editor or a stored answer writes it in words or symbols: `m`,
 * `cm^2`, `cm²`, `m/s`, `km/h`, `m/s^2`, `months`, `°`, `degrees`, `$`, `%`; undefined when the
 * table does not know it.
 */
export function writtenUnitKey(written: string): string | undefined {
  const w = written
    .trim()
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/\s*\^\s*\{?\s*(\d)\s*\}?/g, '^$1');
  if (w === '°' || w === '\\circ' || w === '^\\circ') return 'deg';
  if (w === '$' || w === '%') return w;
  const slash = w.split('/');
  if (slash.length === 2) {
    const [bottom, power = '1'] = slash[1]!.split('^');
    return quotientKey(slash[0]!, bottom!, Number(power));
  }
  if (slash.length > 2) return undefined;
  const m = /^([a-zA-Z][a-zA-Z. ]*?)(?:\^(\d))?$/.exec(w);
  return m ? unitKey(m[1]!, Number(m[2] ?? 1)) : undefined;
}

/** A unit as the maths field or a keyboard writes it: `m`, `\text{m}`, `\operatorname{\mathrm{km}}`. */
const UNIT_TOKEN =
  '(?:\\\\(?:text|textrm|mathrm|mbox|operatorname)\\s*\\{\\s*([a-zA-Z]+)\\s*\\}|(?<![\\\\a-zA-Z])([a-zA-Z]+))';
const POWER = '(?:\\s*\\^\\s*(?:\\{\\s*([23])\\s*\\}|([23])))?';
/** `\text{ m/s}^2`: both units in one text. */
const SLASHED_TEXT_RE = new RegExp(
  `\\\\(?:text|textrm|mathrm|mbox)\\s*\\{\\s*([a-zA-Z]+)\\s*/\\s*([a-zA-Z]+)\\s*\\}${POWER}`,
  'g',
);
/** `m/s`, `\text{m}/\text{s}^2`. */
const SLASHED_RE = new RegExp(`${UNIT_TOKEN}\\s*/\\s*${UNIT_TOKEN}${POWER}`, 'g');
/** `\frac{m}{s}`, `\frac{\text{m}}{\text{s}^2}` (the maths field types `/` as a fraction). */
const FRAC_RE = new RegExp(
  `\\\\[dt]?frac\\s*\\{\\s*${UNIT_TOKEN}\\s*\\}\\s*\\{\\s*${UNIT_TOKEN}${POWER}\\s*\\}`,
  'g',
);

/** The key of a unit per unit (`m/s`, `m/s^2`) when the table knows both, else undefined. */
function quotientKey(top: string, bottom: string, power: number): string | undefined {
  const a = unitKey(top, 1);
  const b = unitKey(bottom, 1);
  return a && b ? `${a}/${b}${power > 1 ? `^${power}` : ''}` : undefined;
}

/** Right after a number or a bracket (spacing aside): where a unit can stand. */
const afterValue = (s: string, offset: number) =>
  /[\d})]$/.test(s.slice(0, offset).replace(/(?:\s|\\[,;:! ]|\\quad)+$/, ''));

/**
 * Compound units (a unit per unit: `m/s`, `km/h`, `m/s^2`) written in an answer's maths, as their
 * markers, which the reading of units then keeps: `0.75 \text{ m/s}`, `0.75 m/s`,
 * `0.75\frac{m}{s}`, `9.8 \text{m}/\text{s}^2`. Only right after a value and where the table knows
 * both units; anything else is left as it is (`\frac{x}{y}` stays maths).
 */
export function compoundUnitsMarked(math: string): string {
  const replace = (
    whole: string,
    groups: (string | undefined)[],
    offset: number,
    s: string,
    needsValue: boolean,
  ) => {
    const [t1, t2, b1, b2, p1, p2] = groups;
    const k = quotientKey(t1 ?? t2 ?? '', b1 ?? b2 ?? '', Number(p1 ?? p2 ?? 1));
    return k && (!needsValue || afterValue(s, offset)) ? marker(k) : whole;
  };
  if (!math.includes('/') && !/\\[dt]?frac/.test(math)) return math;
  // A quotient of units, written as a fraction or with a slash: the same groups in both patterns.
  const quotientOf = (whole: string, ...rest: unknown[]) =>
    replace(
      whole,
      rest.slice(0, 6) as (string | undefined)[],
      rest[6] as number,
      rest[7] as string,
      true,
    );
  return math
    .replace(/\\operatorname\s*\{\s*\\mathrm\s*\{\s*([a-zA-Z]+)\s*\}\s*\}/g, '\\text{$1}')
    .replace(SLASHED_TEXT_RE, (whole, top: string, bottom: string, p1?: string, p2?: string) => {
      const k = quotientKey(top, bottom, Number(p1 ?? p2 ?? 1));
      return k ? marker(k) : whole;
    })
    .replace(FRAC_RE, quotientOf)
    .replace(SLASHED_RE, quotientOf);
}

/**
 * The marker a unit becomes in normalised LaTeX: kept through the splitting of a list and taken
 * out of each part before it is parsed. `\unit` is not a command a learner may type (the text
 * checks refuse it), so a marker only ever comes from normalisation.
 */
export const marker = (key: string) => ` \\unit{${key}} `;
export const MARKER_RE = /\\unit\{([^{}]*)\}/g;

/**
 * Symbols and names a learner may type bare after a number (`44 m^2`, `5cm`, `20days`), read as
 * units only when the stored answer has a unit: elsewhere `5m` is 5 times m. After a number times
 * π (`490000\pi J`) too.
 */
export const BARE_UNIT_RE = new RegExp(
  `([\\d}).]|\\\\pi)\\s*(${[...Object.keys(SYMBOLS), ...Object.keys(WORDS)]
    .filter((s) => /^[a-zA-Z]+$/.test(s))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?:\\s*\\^\\s*(?:\\{\\s*([23])\\s*\\}|([23])))?\\s*(?=$|[,;])`,
  'g',
);

/**
 * A unit that measures the same quantity at another size (`cm^2` → `mm^2`, `ft` → `mm`), for
 * the checker's measurement to make wrong answers from right ones; undefined when there is none.
 */
export function otherUnit(key: string): string | undefined {
  const [symbol, power] = key.split('^');
  const entry = symbol ? SYMBOLS[symbol] : undefined;
  if (!entry) return undefined;
  const other = Object.entries(SYMBOLS).find(
    ([s, [base, size]]) => base === entry[0] && size !== entry[1] && /^[a-zA-Z]+$/.test(s),
  );
  if (!other) return undefined;
  return power ? `${other[0]}^${power}` : other[0];
}
