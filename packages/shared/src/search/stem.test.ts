import { describe, expect, it } from 'vitest';
import { stem } from './stem';

describe('stem', () => {
  it("follows Porter's published examples", () => {
    const cases: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['cats', 'cat'],
      ['feed', 'feed'],
      ['agreed', 'agre'],
      ['plastered', 'plaster'],
      ['motoring', 'motor'],
      ['sing', 'sing'],
      ['conflated', 'conflat'],
      ['hopping', 'hop'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['conditional', 'condit'],
      ['generalizations', 'gener'],
      ['hopeful', 'hope'],
      ['goodness', 'good'],
      ['revival', 'reviv'],
      ['allowance', 'allow'],
      ['adoption', 'adopt'],
      ['controlling', 'control'],
      ['roll', 'roll'],
      ['rate', 'rate'],
      ['cease', 'ceas'],
      ['oscillators', 'oscil'],
      ['yielding', 'yield'],
    ];
    for (const [word, stemmed] of cases) expect([word, stem(word)]).toEqual([word, stemmed]);
  });

  it('brings the forms of a mathematical word together', () => {
    for (const group of [
      ['integral', 'integrals', 'integration', 'integrate', 'integrating'],
      ['derivative', 'derivatives'],
      ['differentiate', 'differentiation', 'differentiating', 'differentiable'],
      ['factorise', 'factorize', 'factorising', 'factorization', 'factorisation', 'factoring'],
      ['limit', 'limits'],
      ['triangle', 'triangles'],
      ['optimisation', 'optimization'],
    ]) {
      expect(new Set(group.map(stem)).size, group.join(' ')).toBe(1);
    }
  });

  it('leaves short words, digits and other characters alone', () => {
    expect(stem('is')).toBe('is');
    expect(stem('2024')).toBe('2024');
    expect(stem('x2')).toBe('x2');
  });
});
