import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app';

// The demo catalogue, searched over real HTTP as a learner would: the key queries of the relevance
// set (scripts/search-relevance.ts). Ids are the demo examples' places in the catalogue file.
const api = useTestApp({ seed: 'demo', listen: true });

async function search(q: string, extra = ''): Promise<number[]> {
  const res = await fetch(`${api.base}/api/examples?q=${encodeURIComponent(q)}&limit=20${extra}`);
  expect(res.status, q).toBe(200);
  const body = (await res.json()) as { data: { examples: { id: number }[] } };
  return body.data.examples.map((e) => e.id);
}

const PYTHAGOREAN_THEOREM = [43, 54];
const INTEGRALS = [24, 30, 31, 37, 38, 40, 41];
const LAW_OF_COSINES = [96, 102];

describe('example search over the demo catalogue', () => {
  it('finds the Pythagorean theorem by Pythagoras, a name the examples never use', async () => {
    expect((await search('pythagoras')).slice(0, 2).sort((a, b) => a - b)).toEqual(
      PYTHAGOREAN_THEOREM,
    );
  });

  it('finds every integral by any form of the word, the integrals first', async () => {
    for (const q of ['integration', 'integral', 'integrate']) {
      const top = (await search(q)).slice(0, INTEGRALS.length);
      expect(
        top.sort((a, b) => a - b),
        q,
      ).toEqual(INTEGRALS);
    }
  });

  it('finds the law of cosines by its other name, the cosine rule', async () => {
    for (const q of ['law of cosines', 'cosine rule']) {
      expect(
        (await search(q)).slice(0, 2).sort((a, b) => a - b),
        q,
      ).toEqual(LAW_OF_COSINES);
    }
  });

  it('forgives one typo in a longer word', async () => {
    expect((await search('pythagorus')).slice(0, 2).sort((a, b) => a - b)).toEqual(
      PYTHAGOREAN_THEOREM,
    );
    expect((await search('integrel')).slice(0, INTEGRALS.length).sort((a, b) => a - b)).toEqual(
      INTEGRALS,
    );
  });

  it('finds an imported example by the structure of a formula typed with other numbers', async () => {
    // The demo catalogue is imported: each example's formula index is written with its row.
    expect((await search(String.raw`\int x e^{3x}dx`))[0]).toBe(31); // ∫ x e^{2x} dx
    // The factorization of x^2 - 5x + 6, beside 23, whose choices hold 12x^3 - 10x + 5 (a cubic
    // without its square: a number times a power, a number times x, a number).
    expect((await search('x^2-7x+12')).slice(0, 2)).toContain(3);
    expect((await search('x^2-7x+12')).slice(0, 5)).not.toContain(31);
    expect((await search(String.raw`$\lim_{t\to 2}\frac{t^2-4}{t-2}$`))[0]).toBe(22);
  });

  it('places an example within a search as the list orders it', async () => {
    const listed = await search('integration by parts');
    expect(listed.slice(0, 2).sort((a, b) => a - b)).toEqual([31, 37]);
    const res = await fetch(
      `${api.base}/api/examples/${listed[1]}/position?q=${encodeURIComponent('integration by parts')}`,
    );
    const { data } = (await res.json()) as {
      data: { position: number; previousId: number | null; nextId: number | null };
    };
    expect(data).toMatchObject({
      position: 2,
      previousId: listed[0],
      nextId: listed[2] ?? null,
    });
  });
});
