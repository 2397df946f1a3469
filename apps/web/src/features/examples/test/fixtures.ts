import type {
  CategoryTreeEntry,
  Difficulty,
  Example,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import { vi } from 'vitest';

/** A small catalogue: two subjects, a three-level category tree in Algebra, four difficulties. */
export const subjects: Subject[] = [
  { id: 1, name: 'Algebra', description: 'Symbols and equations.' },
  { id: 2, name: 'Geometry', description: 'Shapes and space.' },
  { id: 3, name: 'Topology', description: 'No categories yet.' },
];

export const difficulties: Difficulty[] = [
  { id: 1, name: 'easy', description: '', rank: 0 },
  { id: 2, name: 'intermediate', description: '', rank: 1 },
  { id: 3, name: 'hard', description: '', rank: 2 },
  { id: 4, name: 'insane', description: '', rank: 3 },
];

export const types: ExampleType[] = [
  { id: 1, name: 'Worked Example', description: '' },
  { id: 2, name: 'Proof', description: '' },
];

export const categoryTree: CategoryTreeEntry[] = [
  {
    subject: subjects[0]!,
    categories: [
      {
        id: 10,
        name: 'Linear Equations',
        description: 'First-degree equations.',
        children: [
          {
            id: 11,
            name: 'Systems of Equations',
            description: 'Several equations at once.',
            children: [
              { id: 12, name: 'Elimination Method', description: 'Add equations.', children: [] },
            ],
          },
          { id: 13, name: 'Two-Step Equations', description: 'Undo two steps.', children: [] },
        ],
      },
      { id: 20, name: 'Quadratics', description: 'Second-degree equations.', children: [] },
    ],
  },
  {
    subject: subjects[1]!,
    categories: [{ id: 30, name: 'Triangles', description: 'Three sides.', children: [] }],
  },
  { subject: subjects[2]!, categories: [] },
];

let nextId = 1;
export function makeExample(overrides: Partial<Example> = {}): Example {
  const id = overrides.id ?? nextId++;
  return {
    id,
    question: `Solve $x + ${id} = ${id + 1}$.`,
    answer: '$x = 1$',
    procedure: null,
    difficultyId: 1,
    typeId: 1,
    categoryId: 10,
    subjectId: 1,
    createdAt: '2026-10-06T07:44:22.292Z',
    updatedAt: '2026-10-06T07:44:22.292Z',
    ...overrides,
  };
}

type Json = Record<string, unknown>;
export type Handler = (url: URL) => { status?: number; body: Json } | undefined;

const ok = (data: Json) => ({ body: { success: true, data } });

/** The catalogue endpoints answered from the fixtures above. */
export const catalogueHandler: Handler = (url) => {
  switch (url.pathname) {
    case '/api/subjects':
      return ok({ subjects });
    case '/api/difficulties':
      return ok({ difficulties });
    case '/api/types':
      return ok({ types });
    case '/api/categories/tree':
      return ok({ categoriesTree: categoryTree });
    default:
      return undefined;
  }
};

/** A page of examples answer. */
export function examplesPage(
  examples: Example[],
  total = examples.length,
  nextCursor: string | null = null,
) {
  return ok({ examples, total, nextCursor });
}

/**
 * Stubs `fetch`: each handler in turn may answer; unanswered calls get a 404. Returns the mock, so
 * tests can count and inspect the calls.
 */
export function mockFetch(...handlers: Handler[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    for (const handler of handlers) {
      const answer = handler(url);
      if (answer) {
        return new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
    }
    return new Response(
      JSON.stringify({ success: false, code: 'NotFound', message: 'Not found.' }),
      { status: 404, headers: { 'Content-Type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs of the calls made to one API path. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname);
}
