import type {
  Category,
  Difficulty,
  Example,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

/** Answers a call, or undefined to let the fake catalogue answer it. */
export type Override = (call: ApiCall) => Response | Promise<Response> | undefined;

export const ok = (data: unknown, message?: string, status = 200) =>
  Response.json({ success: true, ...(message ? { message } : {}), data }, { status });

export const fail = (
  status: number,
  message: string,
  code = 'Error',
  fields?: Record<string, string>,
) => Response.json({ success: false, code, message, ...(fields ? { fields } : {}) }, { status });

export interface CatalogueState {
  subjects: Subject[];
  categories: Category[];
  difficulties: Difficulty[];
  types: ExampleType[];
  examples: Example[];
}

export const emptyCatalogue = (): CatalogueState => ({
  subjects: [],
  categories: [],
  difficulties: [],
  types: [],
  examples: [],
});

/** A small catalogue: Algebra with a three-level tree, Geometry with one category. */
export function sampleCatalogue(): CatalogueState {
  const at = '2026-10-06T07:44:22.292Z';
  return {
    subjects: [
      { id: 1, name: 'Algebra', description: 'Symbols and equations.' },
      { id: 2, name: 'Geometry', description: 'Shapes and space.' },
    ],
    categories: [
      {
        id: 10,
        name: 'Linear Equations',
        description: '',
        subjectId: 1,
        parentId: null,
        position: 0,
      },
      { id: 11, name: 'Systems', description: '', subjectId: 1, parentId: 10, position: 0 },
      { id: 12, name: 'Elimination', description: '', subjectId: 1, parentId: 11, position: 0 },
      { id: 20, name: 'Quadratics', description: '', subjectId: 1, parentId: null, position: 1 },
      { id: 30, name: 'Triangles', description: '', subjectId: 2, parentId: null, position: 0 },
    ],
    difficulties: [
      { id: 1, name: 'easy', description: '', rank: 0 },
      { id: 2, name: 'hard', description: '', rank: 2 },
    ],
    types: [{ id: 1, name: 'Worked Example', description: '' }],
    examples: [
      {
        id: 1,
        question: 'Solve $x + 1 = 2$.',
        answer: '$x = 1$',
        procedure: null,
        difficultyId: 1,
        typeId: 1,
        categoryId: 10,
        subjectId: 1,
        createdAt: at,
        updatedAt: at,
      },
    ],
  };
}

const SINGULAR: Record<keyof CatalogueState, string> = {
  subjects: 'subject',
  categories: 'category',
  difficulties: 'difficulty',
  types: 'type',
  examples: 'example',
};

/**
 * Stubs fetch with an in-memory catalogue API: the reads, and POST/PUT/DELETE for the five
 * entities (no validation: tests that need a refusal give an override). Returns the calls made.
 */
export function fakeApi(state: CatalogueState = sampleCatalogue(), ...overrides: Override[]) {
  const calls: ApiCall[] = [];
  let nextId = 1000;

  const answer = (call: ApiCall): Response => {
    const [, entity, id] = call.path.split('/') as [string, keyof CatalogueState, string?];
    if (call.method === 'GET' && call.path === '/auth/me') {
      return ok({
        user: {
          username: 'root',
          sub: 'sub-root',
          email: 'root@example.com',
          name: 'Root',
          groups: ['superadmin'],
        },
      });
    }
    if (call.method === 'GET' && call.path === '/examples') {
      const limit = Number(call.query.get('limit') ?? 50);
      const start = Number(call.query.get('cursor') ?? 0);
      const q = call.query.get('q')?.toLowerCase();
      const list = state.examples.filter(
        (e) =>
          (!q || e.question.toLowerCase().includes(q)) &&
          (!call.query.get('subjectId') || String(e.subjectId) === call.query.get('subjectId')) &&
          (!call.query.get('difficultyId') ||
            String(e.difficultyId) === call.query.get('difficultyId')),
      );
      const page = list.slice(start, start + limit);
      const next = start + limit < list.length ? String(start + limit) : null;
      return ok({ examples: page, total: list.length, nextCursor: next });
    }
    if (!(entity in state)) return fail(404, `No fake for ${call.method} ${call.path}`, 'NotFound');
    const rows = state[entity] as { id: number }[];
    if (call.method === 'GET' && !id) return ok({ [entity]: rows });
    const body = call.body as Record<string, unknown>;
    const withDefaults = (row: Record<string, unknown>): { id: number; [key: string]: unknown } => {
      const id = row['id'] as number;
      if (entity === 'categories')
        return { position: 0, parentId: null, description: '', ...row, id };
      if (entity === 'difficulties') return { rank: 0, description: '', ...row, id };
      if (entity === 'examples') {
        const category = state.categories.find((c) => c.id === row['categoryId']);
        return {
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
          ...row,
          id,
          subjectId: category?.subjectId ?? 1,
        };
      }
      return { description: '', ...row, id };
    };
    const label = SINGULAR[entity][0]!.toUpperCase() + SINGULAR[entity].slice(1);
    if (call.method === 'POST' && !id) {
      const row = withDefaults({ ...body, id: nextId++ });
      rows.push(row);
      return ok({ [SINGULAR[entity]]: row }, `${label} created.`, 201);
    }
    const index = rows.findIndex((row) => row.id === Number(id));
    if (index < 0) return fail(404, `${label} ${id} not found.`, 'NotFound');
    if (call.method === 'PUT') {
      rows[index] = withDefaults({ ...rows[index], ...body });
      return ok({ [SINGULAR[entity]]: rows[index] }, `${label} updated.`);
    }
    if (call.method === 'DELETE') {
      rows.splice(index, 1);
      return ok(null, `${label} deleted.`);
    }
    return fail(405, 'Method not allowed');
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers['Authorization'],
    };
    calls.push(call);
    for (const override of overrides) {
      const response = await override(call);
      if (response) return response;
    }
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

/** An override for one `METHOD /path`. */
export function on(
  method: string,
  path: string,
  respond: (call: ApiCall) => Response | Promise<Response>,
): Override {
  return (call) => (call.method === method && call.path === path ? respond(call) : undefined);
}

/** A deferred promise, to hold a response until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
