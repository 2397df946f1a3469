import type {
  Category,
  Difficulty,
  Example,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import { makeExample } from '../../../test/catalogue-fixtures';
import { fail, ok, type ApiCall, type Routes } from '../../../test/fake-api';

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
    examples: [makeExample({ id: 1, createdAt: at, updatedAt: at, status: 'published' })],
  };
}

/** The spec the fake API gives an example whose spec was not set (the server would infer one). */
export const INFERRED_SPEC: Example['answerSpec'] = {
  kind: 'value',
  form: 'any',
  unit: null,
  tolerance: null,
  choice: null,
};

const SINGULAR: Record<keyof CatalogueState, string> = {
  subjects: 'subject',
  categories: 'category',
  difficulties: 'difficulty',
  types: 'type',
  examples: 'example',
};

/**
 * Routes for test/fake-api.ts: the catalogue API over `state`, kept in memory: GET /examples
 * (paged by limit and cursor, filtered by q, subjectId, difficultyId and status) and GET /examples/{id}, the lists, and
 * POST/PUT/DELETE for the five entities (no validation: tests that need a refusal add a route; an
 * example saved without a spec gets INFERRED_SPEC, with answerSpecSet false),
 * plus GET /auth/me for root.
 */
export function catalogueRoutes(state: CatalogueState = sampleCatalogue()): Routes {
  let nextId = 1000;

  const routes: Routes = {
    'GET /auth/me': {
      user: {
        username: 'root',
        sub: 'sub-root',
        email: 'root@example.com',
        name: 'Root',
        groups: ['superadmin'],
      },
    },
  };

  for (const entity of Object.keys(SINGULAR) as (keyof CatalogueState)[]) {
    const rows = () => state[entity] as { id: number }[];
    const singular = SINGULAR[entity];
    const label = singular[0]!.toUpperCase() + singular.slice(1);
    const withDefaults = (row: Record<string, unknown>): { id: number; [key: string]: unknown } => {
      const id = row['id'] as number;
      if (entity === 'categories')
        return { position: 0, parentId: null, description: '', ...row, id };
      if (entity === 'difficulties') return { rank: 0, description: '', ...row, id };
      if (entity === 'examples') {
        const category = state.categories.find((c) => c.id === row['categoryId']);
        const spec = row['answerSpec'] as Example['answerSpec'] | null | undefined;
        return {
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
          status: 'published',
          testAnswers: [],
          ...row,
          id,
          subjectId: category?.subjectId ?? 1,
          // A spec not set stands for the one the server would infer: a value, here.
          answerSpec: spec ?? INFERRED_SPEC,
          answerSpecSet: (row['answerSpecSet'] as boolean | undefined) ?? Boolean(spec),
        };
      }
      return { description: '', ...row, id };
    };
    /** `answer` for the row of `:id`, or a 404. */
    const withRow = (answer: (index: number, call: ApiCall) => unknown) => (call: ApiCall) => {
      const index = rows().findIndex((row) => String(row.id) === call.params['id']);
      if (index < 0) return fail(404, `${label} ${call.params['id']} not found.`);
      return answer(index, call);
    };

    routes[`GET /${entity}`] = () => ({ [entity]: rows() });
    routes[`POST /${entity}`] = ({ body }) => {
      const row = withDefaults({ ...(body as object), id: nextId++ });
      rows().push(row);
      return ok({ [singular]: row }, `${label} created.`, 201);
    };
    routes[`PUT /${entity}/:id`] = withRow((index, { body }) => {
      // An example's spec absent from the body is kept; null goes back to inferred.
      const spec =
        entity === 'examples' && 'answerSpec' in (body as object)
          ? { answerSpecSet: (body as { answerSpec: unknown }).answerSpec !== null }
          : {};
      rows()[index] = withDefaults({ ...rows()[index], ...(body as object), ...spec });
      return ok({ [singular]: rows()[index] }, `${label} updated.`);
    });
    routes[`DELETE /${entity}/:id`] = withRow((index) => {
      rows().splice(index, 1);
      return ok(null, `${label} deleted.`);
    });
  }

  routes['GET /examples'] = ({ query }) => {
    const limit = Number(query['limit'] ?? 50);
    const start = Number(query['cursor'] ?? 0);
    const q = query['q']?.toLowerCase();
    const list = state.examples.filter(
      (e) =>
        (!q || e.question.toLowerCase().includes(q)) &&
        (!query['subjectId'] || String(e.subjectId) === query['subjectId']) &&
        (!query['difficultyId'] || String(e.difficultyId) === query['difficultyId']) &&
        (!query['status'] || query['status'] === 'all' || e.status === query['status']),
    );
    const page = list.slice(start, start + limit);
    const next = start + limit < list.length ? String(start + limit) : null;
    return { examples: page, total: list.length, nextCursor: next };
  };
  routes['GET /examples/:id'] = ({ params }) => {
    const example = state.examples.find((e) => String(e.id) === params['id']);
    return example ? { example } : fail(404, `Example ${params['id']} not found.`);
  };
  return routes;
}
