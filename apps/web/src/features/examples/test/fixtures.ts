import type { Example } from '@exemplar/shared/catalogue';
import { catalogueRoutes, categoryTree } from '../../../test/catalogue-fixtures';
import { fail, fakeApi, ok, type Handler, type Routes } from '../../../test/fake-api';

type SolveMark = NonNullable<Example['solveMark']>;

/** A page of examples, as GET /examples answers it. */
export function examplesPage(
  examples: Example[],
  total = examples.length,
  nextCursor: string | null = null,
) {
  return { examples, total, nextCursor };
}

/** Every category id under (and including) each category of the test catalogue's tree. */
function descendantsById(): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  type Node = (typeof categoryTree)[number]['categories'][number];
  const visit = (node: Node, ancestors: number[]) => {
    for (const id of [...ancestors, node.id]) {
      if (!map.has(id)) map.set(id, new Set());
      map.get(id)!.add(node.id);
    }
    for (const child of node.children) visit(child, [...ancestors, node.id]);
  };
  for (const entry of categoryTree) for (const node of entry.categories) visit(node, []);
  return map;
}

/**
 * Routes for test/fake-api.ts: an examples API over `examples` with one learner's likes and solved
 * marks (the sets returned, for tests to fill or read): GET /examples (liked/solved on rows and as
 * filters only with a bearer token, like the server), /examples/{id}, /examples/{id}/position,
 * /examples/random (with the pick's position), PUT|DELETE like and solved (401 without a token),
 * POST /examples/{id}/check (an answer is right when it is the example's answer without `$` and
 * spaces; an answer with an unclosed brace is a 400; the mark follows the help recorded by
 * POST /examples/{id}/help), POST /examples/{id}/read (the answer as typed, or a problem for an
 * unclosed brace), GET /me/progress (`mastered`: the examples the learner would recall
 * now, a set for tests to fill), and the test catalogue (src/test/catalogue-fixtures.ts).
 */
export function learnerRoutes(examples: Example[]) {
  const liked = new Set<number>();
  const solved = new Set<number>();
  const mastered = new Set<number>();
  /** How a checked answer solved an example: without help, or after help was recorded. */
  const solveMarks = new Map<number, SolveMark>();
  /** Examples the learner opened a step or the answer of. */
  const helped = new Set<number>();
  /** The learner's account preferences (try first is on for a new account). */
  const preferences = { tryFirst: true };
  const under = descendantsById();
  const signInFirst = () => fail(401, 'Sign in first.');
  const notFound = (id: number | string) => fail(404, `Example ${id} not found.`);

  const view = (example: Example, signedIn: boolean): Example =>
    signedIn
      ? {
          ...example,
          liked: liked.has(example.id),
          solved: solved.has(example.id),
          solveMark: solveMarks.get(example.id) ?? null,
        }
      : { ...example };

  const filtered = (query: Record<string, string>, signedIn: boolean) => {
    const param = (name: string) => query[name];
    return examples.filter((example) => {
      const difficulty = param('difficultyId');
      if (difficulty && String(example.difficultyId) !== difficulty) return false;
      const category = param('categoryId');
      if (category && !under.get(Number(category))?.has(example.categoryId)) return false;
      const subject = param('subjectId');
      if (subject && String(example.subjectId) !== subject) return false;
      if (signedIn) {
        const likedParam = param('liked');
        if (likedParam && liked.has(example.id) !== (likedParam === 'true')) return false;
        const solvedParam = param('solved');
        if (solvedParam && solved.has(example.id) !== (solvedParam === 'true')) return false;
        const withoutHelp = param('withoutHelp');
        const clean = solveMarks.get(example.id) === 'without-help';
        if (withoutHelp && clean !== (withoutHelp === 'true')) return false;
      }
      return true;
    });
  };

  /** GET /examples/{id}/position's answer for `id` within `list`. */
  const positionIn = (list: Example[], id: number) => {
    const at = list.findIndex((example) => example.id === id);
    return at < 0
      ? { position: null, total: list.length, previousId: null, nextId: null }
      : {
          position: at + 1,
          total: list.length,
          previousId: list[at - 1]?.id ?? null,
          nextId: list[at + 1]?.id ?? null,
        };
  };

  const progress = () => {
    const counts = (ids: number[]) => ({
      total: ids.length,
      solved: ids.filter((id) => solved.has(id)).length,
      withoutHelp: ids.filter((id) => solveMarks.get(id) === 'without-help').length,
      mastered: ids.filter((id) => mastered.has(id)).length,
    });
    const idsWhere = (test: (example: Example) => boolean) =>
      examples.filter(test).map((example) => example.id);
    const { withoutHelp, ...all } = counts(examples.map((example) => example.id));
    return {
      ...all,
      solvedWithoutHelp: withoutHelp,
      liked: liked.size,
      categories: [...under.entries()].map(([id, set]) => ({
        id,
        ...counts(idsWhere((example) => set.has(example.categoryId))),
      })),
      subjects: [...new Set(examples.map((example) => example.subjectId))].map((id) => ({
        id,
        ...counts(idsWhere((example) => example.subjectId === id)),
      })),
    };
  };

  /** PUT or DELETE of a mark: adds to or removes from `set`. */
  const mark =
    (set: Set<number>, field: 'liked' | 'solved'): Handler =>
    ({ method, params, signedIn }) => {
      if (!signedIn) return signInFirst();
      const id = Number(params['id']);
      if (method === 'PUT') set.add(id);
      else set.delete(id);
      // Unmarking solved deletes the whole mark, how it was solved too.
      if (field === 'solved' && method === 'DELETE') solveMarks.delete(id);
      return { id, [field]: method === 'PUT' };
    };

  const routes: Routes = {
    ...catalogueRoutes,
    'GET /examples': ({ query, signedIn }) => {
      const list = filtered(query, signedIn).map((example) => view(example, signedIn));
      return { examples: list, total: list.length, nextCursor: null };
    },
    'GET /examples/:id': ({ params, signedIn }) => {
      const example = examples.find((e) => String(e.id) === params['id']);
      return example ? { example: view(example, signedIn) } : notFound(params['id']!);
    },
    'GET /examples/:id/position': ({ params, query, signedIn }) => {
      const id = Number(params['id']);
      if (!examples.some((e) => e.id === id)) return notFound(id);
      return positionIn(filtered(query, signedIn), id);
    },
    'GET /me/progress': ({ signedIn }) => (signedIn ? progress() : signInFirst()),
    'GET /me/preferences': ({ signedIn }) =>
      signedIn ? { preferences: { ...preferences } } : signInFirst(),
    'PATCH /me/preferences': ({ body, signedIn }) => {
      if (!signedIn) return signInFirst();
      Object.assign(preferences, body as Partial<typeof preferences>);
      return ok({ preferences: { ...preferences } }, 'Preferences saved.');
    },
    'POST /examples/:id/check': ({ params, body, signedIn }) => {
      const example = examples.find((e) => String(e.id) === params['id']);
      if (!example) return notFound(params['id']!);
      const answer = String((body as { answer?: unknown } | undefined)?.answer ?? '');
      if (!answer.trim()) return fail(400, 'Type an answer to check.');
      if (answer.split('{').length !== answer.split('}').length) {
        return fail(400, 'Could not read the answer: a brace is not closed.');
      }
      const bare = (text: string) => text.replace(/[$\s]/g, '');
      const correct = bare(answer) === bare(example.answer);
      if (!correct || !signedIn) return { correct };
      const mark: SolveMark =
        solveMarks.get(example.id) === 'without-help' || !helped.has(example.id)
          ? 'without-help'
          : 'with-help';
      solved.add(example.id);
      solveMarks.set(example.id, mark);
      return { correct, solveMark: mark };
    },
    // The answer read back as typed; an unclosed brace is named.
    'POST /examples/:id/read': ({ params, body }) => {
      if (!examples.some((e) => String(e.id) === params['id'])) return notFound(params['id']!);
      const answer = String((body as { answer?: unknown } | undefined)?.answer ?? '');
      return answer.split('{').length !== answer.split('}').length
        ? { problem: 'A brace is not closed.' }
        : { reading: answer };
    },
    'POST /examples/:id/help': ({ params, signedIn }) => {
      if (!signedIn) return signInFirst();
      helped.add(Number(params['id']));
      return null;
    },
    'PUT /examples/:id/like': mark(liked, 'liked'),
    'DELETE /examples/:id/like': mark(liked, 'liked'),
    'PUT /examples/:id/solved': mark(solved, 'solved'),
    'DELETE /examples/:id/solved': mark(solved, 'solved'),
    // After /examples/:id, so it is asked first.
    'GET /examples/random': ({ query, signedIn }) => {
      const list = filtered(query, signedIn);
      if (list.length === 0) return fail(404, 'No examples match these filters.');
      return { example: view(list[0]!, signedIn), position: positionIn(list, list[0]!.id) };
    },
  };
  return { routes, liked, solved, mastered, solveMarks, helped, preferences };
}

/**
 * The fake API of one learner over `examples` (learnerRoutes, `extra` routes added or replacing
 * them), with the learner's sets for tests to fill or read.
 */
export function fakeLearnerApi(examples: Example[], extra: Routes = {}) {
  const fixture = learnerRoutes(examples);
  return { ...fakeApi({ ...fixture.routes, ...extra }), ...fixture };
}
