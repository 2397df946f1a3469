import { describe, expect, it } from 'vitest';
import { checkMath } from './check-math';
import { dollarWarnings } from './dollar-warnings';
import { PRICE_CORPUS } from './price-corpus';
import { splitMath } from './split-math';

describe('the price corpus (sentences with prices in prose, some next to real maths)', () => {
  it(`has at least 60 sentences, and keeps every price of all ${PRICE_CORPUS.length} as prose: only the maths each lists is maths`, () => {
    expect(PRICE_CORPUS.length).toBeGreaterThanOrEqual(60);
    const wrong = PRICE_CORPUS.filter(({ text, maths }) => {
      const segments = splitMath(text);
      const found = segments.filter((s) => s.kind !== 'text').map((s) => s.value);
      return JSON.stringify(found) !== JSON.stringify(maths);
    }).map(({ text }) => ({ text, split: splitMath(text).map((s) => [s.kind, s.raw]) }));
    expect(wrong).toEqual([]);
  });

  it('shows every price as written: each text piece is its source (escapes such as \\$ undone)', () => {
    for (const { text } of PRICE_CORPUS) {
      const segments = splitMath(text);
      expect(segments.map((s) => s.raw).join(''), text).toBe(text);
      for (const s of segments.filter((s) => s.kind === 'text')) {
        expect(s.value, text).toBe(s.raw.replace(/\\([$%&#_{}])/g, '$1'));
      }
    }
  });

  it('gives no dollar warning and no maths issue for any of them', () => {
    for (const { text } of PRICE_CORPUS) {
      expect(dollarWarnings(text), text).toEqual([]);
      expect(checkMath(text), text).toEqual([]);
    }
  });
});
