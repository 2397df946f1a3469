// A signed-in caller's page of the list is the visitors' page with the caller's marks on its rows
// (examples.service.ts). Its JSON is written here the way the route's serializer writes it
// (`z.encode` of the route's response schema, then JSON.stringify) without running the serializer
// over the whole page for every caller: the visitors' page is encoded once with every row's marks
// blank, cut where each row's marks stand, and each caller's marks are written into the cuts.
import { successSchema } from '@exemplar/shared/api';
import {
  ExamplesPageSchema,
  type Example,
  type ExamplesPage,
  type ParsedExamplesQuery,
} from '@exemplar/shared/catalogue';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import { ok } from '../../../lib/envelope';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import { readsMarks } from './examples-list.repository';
import { withMarks } from './examples.presenter';
import { marksOf, type ViewerMarks } from './marks.repository';

const PageResponseSchema = successSchema(ExamplesPageSchema);

/** A row's marks when the caller has none: what the page is encoded with, then cut at. */
const BLANK = { liked: false, solved: false, solveMark: null, reviewDue: null } as const;
/**
 * Those marks as JSON.stringify writes them (the schema keeps the four keys together, in this
 * order). Inside the JSON of a text every quote is escaped, so this is found only where a row's
 * marks stand.
 */
const BLANK_JSON = '"liked":false,"solved":false,"solveMark":null,"reviewDue":null';

/** The visitors' page encoded with blank marks, cut at each row's marks (rows + 1 parts). */
interface MarkedPageTemplate {
  ids: number[];
  parts: string[];
}

/** The page's template; undefined if it does not encode or cut as expected (then encode it whole). */
function markedPageTemplate(page: ExamplesPage): MarkedPageTemplate | undefined {
  const blank: ExamplesPage = {
    ...page,
    examples: page.examples.map((e): Example => ({ ...e, ...BLANK })),
  };
  const encoded = z.safeEncode(PageResponseSchema, ok(blank));
  if (!encoded.success) return undefined;
  const parts = JSON.stringify(encoded.data).split(BLANK_JSON);
  if (parts.length !== page.examples.length + 1) return undefined;
  return { ids: page.examples.map((e) => e.id), parts };
}

/** The row's marks as the serializer writes them (a due date or mark as a JSON string). */
function marksJson(id: number, marks: ViewerMarks): string {
  const solveMark = marks.solved.get(id) ?? null;
  const reviewDue = marks.reviewDue.get(id) ?? null;
  return (
    `"liked":${marks.liked.has(id)},"solved":${marks.solved.has(id)},` +
    `"solveMark":${solveMark === null ? 'null' : JSON.stringify(solveMark)},` +
    `"reviewDue":${reviewDue === null ? 'null' : JSON.stringify(reviewDue)}`
  );
}

/** The caller's page: the template with their marks written into its cuts. */
function writeMarkedPage(template: MarkedPageTemplate, marks: ViewerMarks): string {
  const { ids, parts } = template;
  let json = parts[0]!;
  for (let i = 0; i < ids.length; i++) json += marksJson(ids[i]!, marks) + parts[i + 1]!;
  return json;
}

/**
 * Signed-in callers' pages of the list. Unless a liked/solved/withoutHelp filter makes the rows
 * themselves personal, or the caller is an editor (whose rows say their status), a caller's page
 * is the visitors' page for that query, kept per query and catalogue version, plus the caller's
 * marks for its rows (one indexed look-up each time). `visitorsList` answers a visitor's query.
 */
export function signedInPages(
  db: Kysely<Database>,
  catalogueVersion: (() => Promise<string>) | undefined,
  visitorsList: (input: ParsedExamplesQuery) => Promise<ExamplesPage>,
) {
  const pages = versionedLru<ExamplesPage>({
    maxEntries: 1000,
    maxTotalSize: 32 * 1024 * 1024,
    sizeOf: (page) =>
      page.examples.reduce(
        (n, e) => n + 200 + e.question.length + e.answer.length + (e.procedure?.length ?? 0),
        0,
      ),
  });
  // Made on a kept page's first signed-in ask for its JSON; gone with the page.
  const templates = new WeakMap<ExamplesPage, MarkedPageTemplate | undefined>();

  /** The kept visitors' page the caller's is made of; undefined when their rows are their own. */
  function visitorsPage(input: ParsedExamplesQuery, viewerId?: number, editor = false) {
    if (viewerId === undefined || !catalogueVersion || readsMarks(input) || editor) return;
    const { subjectId, categoryId, difficultyId, typeId, q, limit, cursor, page } = input;
    const visitorInput = { subjectId, categoryId, difficultyId, typeId, q, limit, cursor, page };
    return remembered(catalogueVersion, pages, JSON.stringify(Object.values(visitorInput)), () =>
      visitorsList(visitorInput),
    );
  }

  return {
    /** The caller's page, each row with their marks (undefined: `list` reads their own rows). */
    async page(
      input: ParsedExamplesQuery,
      viewerId?: number,
      editor = false,
    ): Promise<ExamplesPage | undefined> {
      const shared = await visitorsPage(input, viewerId, editor);
      if (!shared) return undefined;
      const marks = await marksOf(
        db,
        viewerId!,
        shared.examples.map((e) => e.id),
      );
      return { ...shared, examples: shared.examples.map((e) => withMarks(e, marks)) };
    },

    /** The same page as the JSON the route answers, written from the page's template. */
    async json(
      input: ParsedExamplesQuery,
      viewerId?: number,
      editor = false,
    ): Promise<string | undefined> {
      const shared = await visitorsPage(input, viewerId, editor);
      if (!shared) return undefined;
      if (!templates.has(shared)) templates.set(shared, markedPageTemplate(shared));
      const template = templates.get(shared);
      if (!template) return undefined;
      return writeMarkedPage(template, await marksOf(db, viewerId!, template.ids));
    },
  };
}
