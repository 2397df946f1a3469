import {
  CategorySchema,
  CategoryTreeEntrySchema,
  DifficultySchema,
  ExamplePositionSchema,
  ExamplesPageSchema,
  ExampleSchema,
  ExampleTypeSchema,
  RandomExampleSchema,
  SubjectSchema,
} from '@exemplar/shared/catalogue';
import { successSchema } from '@exemplar/shared/api';
import { CheckAnswerResultSchema } from '@exemplar/shared/attempts';
import {
  GradeReviewResultSchema,
  ReviewsDuePageSchema,
  ReviewStatsSchema,
  ReviewStatusSchema,
  ReviewSuggestionsSchema,
} from '@exemplar/shared/reviews';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { Reader } from '../lib/json-shape';
import {
  readCategory,
  readCategoryTreeEntry,
  readCheckAnswerResult,
  readDifficulty,
  readExample,
  readExamplePosition,
  readExamplesPage,
  readExampleType,
  readGradeReviewResult,
  readProgress,
  readReviewsDuePage,
  readReviewStats,
  readReviewStatus,
  readReviewSuggestions,
  readRandomExample,
  readSubject,
} from './contract';
import { parseData, UNEXPECTED_RESPONSE_MESSAGE } from '../lib/envelope';

const example = {
  id: 7,
  question: 'Solve $x^2 = 4$.',
  answer: '$x = \\pm 2$',
  procedure: null,
  difficultyId: 1,
  typeId: 2,
  categoryId: 3,
  subjectId: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  liked: true,
  solved: false,
  solveMark: 'with-help',
  reviewDue: '2025-01-03T00:00:00.000Z',
  answerSpec: { kind: 'solutions', form: 'any', unit: null, tolerance: null, choice: null },
};
const card = {
  exampleId: 7,
  due: '2025-01-04T00:00:00.000Z',
  state: 'review',
  stability: 3.2,
  difficulty: 5.1,
  reps: 2,
  lapses: 0,
  lastReview: '2025-01-01T00:00:00.000Z',
};
const next = {
  again: '2025-01-01T00:01:00.000Z',
  hard: '2025-01-01T00:06:00.000Z',
  good: '2025-01-01T00:10:00.000Z',
  easy: '2025-01-09T00:00:00.000Z',
};
const tree = {
  subject: { id: 1, name: 'Algebra', description: '' },
  categories: [
    {
      id: 2,
      name: 'Equations',
      description: 'd',
      children: [{ id: 3, name: 'Quadratic', description: '', children: [] }],
    },
  ],
};

/** Each reader beside the shared schema it mirrors, with a valid value. */
const pairs: [string, Reader<unknown>, z.ZodType, Record<string, unknown>][] = [
  ['subject', readSubject, SubjectSchema, { id: 1, name: 'Algebra', description: 'x' }],
  [
    'difficulty',
    readDifficulty,
    DifficultySchema,
    { id: 1, name: 'easy', description: '', rank: 0 },
  ],
  ['type', readExampleType, ExampleTypeSchema, { id: 2, name: 'Proof', description: '' }],
  [
    'category',
    readCategory,
    CategorySchema,
    { id: 3, name: 'Quadratic', description: '', subjectId: 1, parentId: 2, position: 0 },
  ],
  ['example', readExample, ExampleSchema, example],
  ['tree entry', readCategoryTreeEntry, CategoryTreeEntrySchema, tree],
  [
    'examples page',
    readExamplesPage,
    ExamplesPageSchema,
    {
      examples: [
        example,
        { ...example, id: 8, procedure: 'p', solveMark: null },
        { ...example, id: 9, solveMark: 'without-help' },
        { ...example, id: 10, status: 'draft' },
        { ...example, id: 11, status: 'published' },
        {
          ...example,
          id: 12,
          answerSpec: { kind: 'choice', form: 'any', unit: 'm/s', tolerance: 0.005, choice: 'B' },
          answerSpecSet: true,
          testAnswers: [{ answer: 'B', accept: true }],
        },
      ],
      total: 3,
      nextCursor: 'abc',
    },
  ],
  [
    'example position',
    readExamplePosition,
    ExamplePositionSchema,
    { position: 2, total: 3, previousId: 5, nextId: 9 },
  ],
  [
    'example position outside the list',
    readExamplePosition,
    ExamplePositionSchema,
    { position: null, total: 0, previousId: null, nextId: null },
  ],
  [
    'random example',
    readRandomExample,
    RandomExampleSchema,
    { example, position: { position: 1, total: 1, previousId: null, nextId: null } },
  ],
  [
    'check answer result',
    readCheckAnswerResult,
    CheckAnswerResultSchema,
    { correct: true, feedback: 'Simplify it further.', solveMark: 'without-help' },
  ],
  [
    'check answer result, wrong',
    readCheckAnswerResult,
    CheckAnswerResultSchema,
    { correct: false },
  ],
  [
    'check answer result, not checkable',
    readCheckAnswerResult,
    CheckAnswerResultSchema,
    { correct: false, checkable: false, feedback: 'Compare your working with the answer.' },
  ],
  [
    'grade review result',
    readGradeReviewResult,
    GradeReviewResultSchema,
    { review: card, repeated: false },
  ],
  [
    'reviews due page',
    readReviewsDuePage,
    ReviewsDuePageSchema,
    {
      examples: [
        { example, review: card, next },
        {
          example: { ...example, reviewDue: null },
          review: { ...card, state: 'new', lastReview: null },
          next,
        },
      ],
      total: 2,
      nextCursor: null,
    },
  ],
  [
    'review stats',
    readReviewStats,
    ReviewStatsSchema,
    {
      dueNow: 1,
      dueToday: 2,
      new: 1,
      learning: 1,
      review: 3,
      mastered: 2,
      reviewsPerDay: [{ date: '2025-01-01', count: 4 }],
      duePerDay: [{ date: '2025-01-01', count: 2 }],
    },
  ],
  ['review status', readReviewStatus, ReviewStatusSchema, { review: card, next }],
  ['review status, not in reviews', readReviewStatus, ReviewStatusSchema, { review: null, next }],
  ['review suggestions', readReviewSuggestions, ReviewSuggestionsSchema, { examples: [example] }],
];

/** Values a field can wrongly (or rightly) hold. */
const candidates: unknown[] = [
  undefined,
  null,
  '',
  'text',
  0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  true,
  [],
  [1],
  {},
];

/** `value` with each field replaced, one at a time, by each candidate (nested values too). */
function* variants(value: unknown): Generator<unknown> {
  yield value;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      for (const v of variants(item)) yield value.map((x, j) => (j === i ? v : x));
    }
    for (const candidate of candidates) yield [...value, candidate];
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      for (const candidate of candidates) yield { ...value, [key]: candidate };
      for (const v of variants(field)) yield { ...value, [key]: v };
    }
    yield { ...value, extra: 'dropped' };
  }
}

afterEach(() => vi.restoreAllMocks());

describe('answer spec and test answers of an example', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a spec with its defaults left out', { answerSpec: { kind: 'value' } }],
    ['a spec with a unit to trim', { answerSpec: { kind: 'value', unit: ' m/s ' } }],
    ['a unit of 31 characters', { answerSpec: { kind: 'value', unit: 'm'.repeat(31) } }],
    ['a tolerance of 0', { answerSpec: { kind: 'value', tolerance: 0 } }],
    ['an infinite tolerance', { answerSpec: { kind: 'value', tolerance: Infinity } }],
    ['a letter without multiple choice', { answerSpec: { kind: 'value', choice: 'A' } }],
    ['multiple choice without a letter', { answerSpec: { kind: 'choice' } }],
    ['an unchecked answer with a unit', { answerSpec: { kind: 'none', unit: 'm' } }],
    ['an unchecked answer with a form', { answerSpec: { kind: 'none', form: 'exact' } }],
    ['an unchecked answer with a blank unit', { answerSpec: { kind: 'none', unit: ' ' } }],
    ['a spec with a key too many', { answerSpec: { kind: 'value', extra: 1 } }],
    ['a test answer to trim', { testAnswers: [{ answer: ' 2 ', accept: true }] }],
    ['a blank test answer', { testAnswers: [{ answer: '  ', accept: true }] }],
    [
      'a test answer of 501 characters',
      { testAnswers: [{ answer: '1'.repeat(501), accept: false }] },
    ],
    ['a test answer with a key too many', { testAnswers: [{ answer: '2', accept: true, x: 1 }] }],
    ['20 test answers', { testAnswers: Array(20).fill({ answer: '2', accept: true }) }],
    ['21 test answers', { testAnswers: Array(21).fill({ answer: '2', accept: true }) }],
  ];
  it.each(cases)('%s: read as the shared schema reads it', (_, fields) => {
    const value = { ...example, ...fields };
    const expected = ExampleSchema.safeParse(value);
    let actual: unknown;
    try {
      actual = readExample(value);
    } catch {
      actual = undefined;
    }
    expect(actual).toEqual(expected.success ? expected.data : undefined);
  });
});

describe('examples contract readers', () => {
  it.each(pairs)(
    '%s: accepts and refuses exactly what the shared schema does',
    (_, read, schema, valid) => {
      let refused = 0;
      for (const value of variants(valid)) {
        const expected = schema.safeParse(value);
        let actual: { success: true; data: unknown } | { success: false };
        try {
          actual = { success: true, data: read(value) };
        } catch {
          actual = { success: false };
        }
        expect(actual.success, JSON.stringify(value)).toBe(expected.success);
        if (actual.success && expected.success) expect(actual.data).toStrictEqual(expected.data);
        if (!expected.success) refused += 1;
      }
      expect(refused).toBeGreaterThan(10);
    },
  );

  it('reads the envelope as the shared successSchema does', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = successSchema(SubjectSchema);
    const subject = { id: 1, name: 'Algebra', description: '' };
    for (const body of variants({ success: true, message: 'ok', data: subject })) {
      const expected = schema.safeParse(body);
      let ok = true;
      try {
        parseData(readSubject, body);
      } catch {
        ok = false;
      }
      expect(ok, JSON.stringify(body)).toBe(expected.success);
    }
  });
});

describe('readProgress (GET /me/progress)', () => {
  const progress = {
    total: 3,
    solved: 2,
    solvedWithoutHelp: 1,
    liked: 0,
    mastered: 1,
    categories: [{ id: 2, total: 3, solved: 2, withoutHelp: 1, mastered: 1 }],
    subjects: [{ id: 1, total: 3, solved: 2, withoutHelp: 1, mastered: 0 }],
  };

  it('reads the counts', () => {
    expect(readProgress(progress)).toStrictEqual(progress);
  });

  it.each([
    { ...progress, solved: -1 },
    { ...progress, liked: 0.5 },
    { ...progress, categories: [{ id: 2, total: 3 }] },
    { ...progress, categories: [{ id: 2, total: 3, solved: 2 }] },
    { ...progress, subjects: [{ id: 1, total: 3, solved: 2, withoutHelp: -1, mastered: 0 }] },
    { ...progress, subjects: [{ id: 1, total: 3, solved: 2, withoutHelp: 1 }] },
    { ...progress, categories: [{ id: 2, total: 3, solved: 2, withoutHelp: 1, mastered: 1.5 }] },
    { ...progress, categories: [{ id: 2, total: 3, solved: 2, withoutHelp: 1 }] },
    { ...progress, solvedWithoutHelp: undefined },
    { ...progress, mastered: undefined },
    { ...progress, mastered: -1 },
    { ...progress, subjects: null },
  ])('refuses %j', (value) => {
    expect(() => readProgress(value)).toThrow();
  });
});

describe('parseData', () => {
  it('returns data of a body that fits', () => {
    expect(parseData(readExample, { success: true, data: example })).toStrictEqual(example);
  });

  it('refuses a body that does not fit with the message the page shows, logging where', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => parseData(readExamplesPage, { success: true, data: { examples: [{}] } })).toThrow(
      UNEXPECTED_RESPONSE_MESSAGE,
    );
    expect(() => parseData(readSubject, '<html>')).toThrow(UNEXPECTED_RESPONSE_MESSAGE);
    expect(log).toHaveBeenCalledWith(
      'Response does not match the contract',
      'data.examples[0].id: expected a whole number ≥ 1',
    );
  });

  it('checks data with a zod schema as well, behind the same envelope check', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const subject = { id: 1, name: 'Algebra', description: '' };
    expect(parseData(SubjectSchema, { success: true, data: subject })).toStrictEqual(subject);
    expect(() => parseData(SubjectSchema, { success: true, data: { id: 0 } })).toThrow(
      UNEXPECTED_RESPONSE_MESSAGE,
    );
    expect(() => parseData(SubjectSchema, { success: false, data: subject })).toThrow(
      UNEXPECTED_RESPONSE_MESSAGE,
    );
  });
});
