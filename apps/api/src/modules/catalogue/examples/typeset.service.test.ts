import { formulasOf } from '@exemplar/shared/math';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app';
import { typesetExamples, typesetStore } from './typeset.service';

// On SQLite, and on PostgreSQL when DATABASE_URL is set.
const api = useTestApp({});

/** Examples with formulas of their own: `$x^{n}+n$` for n from `from`. */
const examples = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    question: `Simplify $x^{${from + i}}+${from + i}$.`,
    answer: `$$${from + i}$$`,
  }));
const keysOf = (list: { question: string; answer: string }[]) =>
  list.flatMap((e) => [...formulasOf(e.question).keys(), ...formulasOf(e.answer).keys()]);

describe('typesetExamples', () => {
  it('keeps what a typesetter of another thread gives, a batch at a time, and skips what is kept', async () => {
    const db = api.app.database.db;
    const list = examples(1000, 7);
    const asked: number[] = [];
    const made = await typesetExamples(db, list, {
      batch: 3,
      typeset: async (formulas) => {
        asked.push(formulas.length);
        return new Map(formulas.map(([key, f]) => [key, `<b>${f.latex}</b>`]));
      },
    });
    // 7 examples in batches of 3, 3 and 1; two formulas each.
    expect(asked).toEqual([6, 6, 2]);
    expect(made).toBe(14);
    const kept = await typesetStore(db).read(keysOf(list));
    expect(kept.size).toBe(14);
    expect([...kept.values()]).toContain('<b>x^{1000}+1000</b>');
    // Again: nothing left to typeset.
    expect(await typesetExamples(db, list, { typeset: () => new Map() })).toBe(0);
  });

  it('stops between batches once its signal is aborted (the import it belongs to failed)', async () => {
    const db = api.app.database.db;
    const list = examples(2000, 10);
    const failed = new AbortController();
    let jobs = 0;
    const made = await typesetExamples(db, list, {
      batch: 2,
      signal: failed.signal,
      typeset: (formulas) => {
        jobs++;
        // The rows fail while the second batch is typeset.
        if (jobs === 2) failed.abort();
        return new Map(formulas.map(([key, f]) => [key, f.latex]));
      },
    });
    expect(jobs).toBe(2);
    expect(made).toBe(8);
    expect((await typesetStore(db).read(keysOf(list))).size).toBe(8);
  });
});
