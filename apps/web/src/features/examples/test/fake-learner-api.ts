import type { Example } from '@exemplar/shared/catalogue';
import { vi } from 'vitest';
import { categoryTree, catalogueHandler } from './fixtures';

export interface LearnerCall {
  method: string;
  url: URL;
  /** The request carried a bearer token. */
  signedIn: boolean;
}

type Reply = { status?: number; body: Record<string, unknown> };

const ok = (data: unknown): Reply => ({ body: { success: true, data } });
const fail = (status: number, code: string, message: string): Reply => ({
  status,
  body: { success: false, code, message },
});

/** Every category id under (and including) each category of the fixture tree. */
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

export interface FakeLearnerApiOptions {
  /** Answered instead, when it returns something (to force failures or hold a reply). */
  override?: (call: LearnerCall) => Reply | undefined | Promise<Reply | undefined>;
}

/**
 * An in-memory examples API with one learner's likes and solved marks behind a stubbed fetch:
 * GET /examples (liked/solved on rows and as filters only with a bearer token, like the server),
 * /examples/{id}, /examples/{id}/position, /examples/random (with the pick's position), PUT|DELETE like and solved (401 without a token),
 * GET /me/progress, and the catalogue of fixtures.ts.
 */
export function fakeLearnerApi(examples: Example[], options: FakeLearnerApiOptions = {}) {
  const liked = new Set<number>();
  const solved = new Set<number>();
  const calls: LearnerCall[] = [];
  const under = descendantsById();

  const view = (example: Example, signedIn: boolean): Example =>
    signedIn
      ? { ...example, liked: liked.has(example.id), solved: solved.has(example.id) }
      : { ...example };

  const filtered = (url: URL, signedIn: boolean) => {
    const param = (name: string) => url.searchParams.get(name);
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
    });
    const idsWhere = (test: (example: Example) => boolean) =>
      examples.filter(test).map((example) => example.id);
    return {
      ...counts(examples.map((example) => example.id)),
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

  const answer = (call: LearnerCall): Reply | undefined => {
    const { method, url, signedIn } = call;
    if (url.pathname === '/api/examples' && method === 'GET') {
      const list = filtered(url, signedIn).map((example) => view(example, signedIn));
      return ok({ examples: list, total: list.length, nextCursor: null });
    }
    if (url.pathname === '/api/examples/random' && method === 'GET') {
      const list = filtered(url, signedIn);
      if (list.length === 0) return fail(404, 'NotFound', 'No examples match these filters.');
      return ok({ example: view(list[0]!, signedIn), position: positionIn(list, list[0]!.id) });
    }
    const position = /^\/api\/examples\/(\d+)\/position$/.exec(url.pathname);
    if (position && method === 'GET') {
      const id = Number(position[1]);
      if (!examples.some((e) => e.id === id)) {
        return fail(404, 'NotFound', `Example ${id} not found.`);
      }
      return ok(positionIn(filtered(url, signedIn), id));
    }
    if (url.pathname === '/api/me/progress') {
      return signedIn ? ok(progress()) : fail(401, 'Unauthorized', 'Sign in first.');
    }
    const mark = /^\/api\/examples\/(\d+)\/(like|solved)$/.exec(url.pathname);
    if (mark) {
      if (!signedIn) return fail(401, 'Unauthorized', 'Sign in first.');
      const id = Number(mark[1]);
      const set = mark[2] === 'like' ? liked : solved;
      if (method === 'PUT') set.add(id);
      else set.delete(id);
      const field = mark[2] === 'like' ? 'liked' : 'solved';
      return ok({ id, [field]: method === 'PUT' });
    }
    const detail = /^\/api\/examples\/(\d+)$/.exec(url.pathname);
    if (detail) {
      const example = examples.find((e) => e.id === Number(detail[1]));
      return example
        ? ok({ example: view(example, signedIn) })
        : fail(404, 'NotFound', `Example ${detail[1]} not found.`);
    }
    return catalogueHandler(url);
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: LearnerCall = {
      method: init?.method ?? 'GET',
      url,
      signedIn: Boolean(headers['Authorization']),
    };
    calls.push(call);
    const reply = (await options.override?.(call)) ??
      answer(call) ?? { status: 404, body: { success: false, code: 'NotFound', message: 'No.' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The calls to one path (optionally one method). */
  const callsTo = (pathname: string, method?: string) =>
    calls.filter((c) => c.url.pathname === pathname && (!method || c.method === method));

  return { calls, callsTo, liked, solved, fetchMock };
}

/** A promise with its resolve exposed: to hold a reply until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
