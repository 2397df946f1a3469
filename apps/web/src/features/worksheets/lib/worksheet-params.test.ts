import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, parseFilters } from '../../../api/example-filters';
import {
  correctWorksheetParams,
  newSeed,
  parseWorksheetSettings,
  worksheetSearchParams,
  type WorksheetSettings,
} from './worksheet-params';

const params = (search: string) => new URLSearchParams(search);

describe('the worksheet URL', () => {
  it('round-trips the filters, count, seed, title and procedures', () => {
    const filters = { ...EMPTY_FILTERS, subjectId: 1, categoryId: 11, difficultyId: 2, q: 'roots' };
    const settings: WorksheetSettings = {
      count: 25,
      seed: 'abc_DEF-9',
      title: 'Friday quiz',
      procedures: true,
      source: 'filters',
    };
    const written = worksheetSearchParams(filters, settings);
    expect(written.toString()).toBe(
      'subject=1&category=11&difficulty=2&q=roots&count=25&seed=abc_DEF-9&title=Friday+quiz&procedures=1',
    );
    expect(parseFilters(written)).toEqual(filters);
    expect(parseWorksheetSettings(written)).toEqual(settings);
  });

  it('leaves the defaults out: 10 questions, no title, no procedures', () => {
    const written = worksheetSearchParams(EMPTY_FILTERS, {
      count: 10,
      seed: 's1',
      title: null,
      procedures: false,
      source: 'filters',
    });
    expect(written.toString()).toBe('seed=s1');
    expect(parseWorksheetSettings(params(''))).toEqual({
      count: 10,
      seed: null,
      title: null,
      procedures: false,
      source: 'filters',
    });
  });

  it("writes today's reviews without the list's filters", () => {
    const filters = { ...EMPTY_FILTERS, subjectId: 1 };
    const written = worksheetSearchParams(filters, {
      count: 5,
      seed: 's1',
      title: null,
      procedures: false,
      source: 'reviews',
    });
    expect(written.toString()).toBe('source=reviews&count=5&seed=s1');
    expect(parseWorksheetSettings(written).source).toBe('reviews');
  });

  it('reads a count outside 1 to 50, a malformed seed and an empty title as their defaults', () => {
    for (const count of ['0', '51', 'ten', '-1', '2.5', '']) {
      expect(parseWorksheetSettings(params(`count=${count}`)).count, count).toBe(10);
    }
    expect(parseWorksheetSettings(params('count=50')).count).toBe(50);
    for (const seed of ['', 'two words', 'x'.repeat(33), 'é']) {
      expect(parseWorksheetSettings(params(`seed=${encodeURIComponent(seed)}`)).seed, seed).toBe(
        null,
      );
    }
    expect(parseWorksheetSettings(params(`seed=${'x'.repeat(32)}`)).seed).toBe('x'.repeat(32));
    expect(parseWorksheetSettings(params('title=%20%20')).title).toBe(null);
    expect(parseWorksheetSettings(params(`title=${'t'.repeat(200)}`)).title).toHaveLength(120);
  });

  it('adds the given seed when the URL has none or a malformed one, drops a bad count, and leaves a good URL alone', () => {
    expect(correctWorksheetParams(params('subject=1'), 'S1')?.toString()).toBe('subject=1&seed=S1');
    expect(correctWorksheetParams(params('seed=a%20b&count=99'), 'S1')?.toString()).toBe('seed=S1');
    expect(correctWorksheetParams(params('subject=1&count=12&seed=kept'), 'S1')).toBeNull();
  });

  it('generates seeds of 10 letters and digits that the API accepts, different each time', () => {
    const seeds = Array.from({ length: 200 }, newSeed);
    expect(seeds.every((seed) => /^[A-Za-z0-9]{10}$/.test(seed))).toBe(true);
    expect(new Set(seeds).size).toBe(200);
  });
});
