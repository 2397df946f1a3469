import type {
  Example,
  ExamplePosition,
  ExamplesPage,
  ParsedExamplesFilter,
  ParsedExamplesQuery,
  RandomExample,
  SearchSuggestions,
} from '@exemplar/shared/catalogue';
import {
  WORKSHEET_COUNT_DEFAULT,
  type ParsedWorksheetQuery,
  type Worksheet,
} from '@exemplar/shared/worksheets';
import { EXAMPLES_PAGE_DEFAULT } from '@exemplar/shared/catalogue';
import { readExampleSearch } from '@exemplar/shared/search';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { encodeCursor } from '../../../lib/cursor';
import { readCursor } from './list-cursor';
import { badRequest, notFound } from '../../../lib/errors';
import { seededPick } from '../../../lib/seeded-pick';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import * as list from './examples-list.repository';
import { filterResolver } from './examples.filter';
import { toExample } from './examples.presenter';
import * as repo from './examples.repository';
import { formulaLists, isFormulaFilter } from './formula-lists';
import { idLists } from './id-lists';
import { relatedFinder } from './related';
import { didYouMean } from './did-you-mean';
import { signedInPages } from './marked-page';

/** The most examples the search box suggests. */
const SUGGESTIONS_MAX = 5;

export interface ExamplesServiceOptions {
  /** The catalogue version: list pages and totals are kept per query until it changes. */
  catalogueVersion?: () => Promise<string>;
}

export function examplesService(
  db: Kysely<Database>,
  engine: Engine,
  { catalogueVersion }: ExamplesServiceOptions = {},
) {
  const { vocabularyNow, resolve } = filterResolver(db, engine, catalogueVersion);

  // The total for a filter is the same for every caller (unless it reads the caller's own marks),
  // so signed-in callers, who are never served from the visitors' cache, share it too.
  const totals = versionedLru<number>({ maxEntries: 5000 });
  async function countExamples(filter: list.ExampleFilter): Promise<number> {
    if (isFormulaFilter(filter)) return formulas.count(filter);
    if (!catalogueVersion || list.readsMarks(filter)) {
      return list.countExamples(db, engine, filter);
    }
    return remembered(
      catalogueVersion,
      totals,
      JSON.stringify({ ...filter, viewerId: undefined }),
      () => list.countExamples(db, engine, filter),
    );
  }

  // A signed-in caller's page is a visitor's page (kept) plus their own marks (marked-page.ts).
  const signedIn = signedInPages(db, catalogueVersion, (input) => service.list(input));

  // Positions, like pages, are the same for every caller unless liked/solved/withoutHelp apply.
  const positions = versionedLru<ExamplePosition>({ maxEntries: 5000 });

  // Every id a filter matches, kept per filter and catalogue version: worksheets draw from them,
  // and a browsing position is found in them (id-lists.ts).
  const { filteredIds, keptPlace } = idLists(db, engine, catalogueVersion);
  // A formula search's list, made in memory from its tokens' kept postings (formula-lists.ts).
  const formulas = formulaLists(db, engine, catalogueVersion, filteredIds);

  /** The rows of a page of the list; a formula search's in its order. */
  const findRows = (filter: list.ExampleFilter, page: list.ExamplePageRequest) =>
    isFormulaFilter(filter)
      ? formulas.rows(filter, page.offset ?? 0, page.limit)
      : list.findExamples(db, engine, filter, page);

  const related = relatedFinder(db, engine, vocabularyNow, formulas.alike, catalogueVersion);

  /** `id`'s position within `filter` (null: nothing can match), with the filtered total. */
  async function findPosition(
    id: number,
    filter: list.ExampleFilter | null,
    editor = false,
  ): Promise<ExamplePosition> {
    // Browsing: the filter's kept ids answer, `id` among them or not.
    const kept = filter && !editor ? await keptPlace(id, filter) : undefined;
    if (kept?.position) return kept;
    const [place, total] = kept
      ? [undefined, kept.total]
      : await Promise.all([
          !filter
            ? undefined
            : isFormulaFilter(filter)
              ? formulas.place(filter, id)
              : list.examplePlace(db, engine, filter, id),
          filter ? countExamples(filter) : 0,
        ]);
    if (place) return { ...place, total };
    // A draft exists for an editor (their filter may leave it out); for anyone else it does not.
    if (!(await repo.exampleExists(db, id, { drafts: editor }))) {
      throw notFound(`Example ${id} not found.`);
    }
    return { position: null, total, previousId: null, nextId: null };
  }

  const service = {
    /**
     * A signed-in caller's page as the JSON the route answers, when it is the visitors' page with
     * their marks; undefined otherwise (`list` answers then).
     */
    markedPageJson: signedIn.json,

    /** `viewerId`: the signed-in caller (rows then carry their marks, and those filters apply). */
    async list(
      input: ParsedExamplesQuery,
      viewerId?: number,
      editor = false,
    ): Promise<ExamplesPage> {
      const theirs = await signedIn.page(input, viewerId, editor);
      if (theirs) return theirs;
      const limit = input.limit ?? EXAMPLES_PAGE_DEFAULT;
      const read = readExampleSearch(input.q);
      const searching = read.search !== undefined || read.formula !== undefined;
      const cursor = input.cursor ? readCursor(input.cursor) : undefined;
      if (cursor && searching !== 'offset' in cursor) {
        throw badRequest('Invalid query: cursor does not belong to this search.');
      }
      if (cursor && input.page !== undefined) {
        throw badRequest('Invalid query: give either a page or a cursor, not both.');
      }
      const filter = await resolve(input, viewerId);
      if (!filter) return { examples: [], total: 0, nextCursor: null };
      // A page number is an offset (a link into the list); a cursor goes on from the last row.
      const page: list.ExamplePageRequest =
        input.page !== undefined
          ? { offset: (input.page - 1) * limit, limit: limit + 1 }
          : cursor && 'offset' in cursor
            ? { offset: cursor.offset, limit: limit + 1 }
            : { afterId: cursor?.after, limit: limit + 1 };
      // A search's total first: one that finds nothing (most first asks of a search within narrow
      // filters) then skips the page's own full-text work.
      const [rows, total] = searching
        ? await countExamples(filter).then(
            async (n) => [n === 0 ? [] : await findRows(filter, page), n] as const,
          )
        : await Promise.all([findRows(filter, page), countExamples(filter)]);
      const more = rows.length > limit;
      const examples = rows.slice(0, limit).map((row) => toExample(row, { editor }));
      const last = examples.at(-1);
      const nextCursor =
        more && last
          ? encodeCursor(searching ? { offset: (page.offset ?? 0) + limit } : { after: last.id })
          : null;
      if (searching && total === 0 && !cursor && (input.page ?? 1) === 1) {
        // Nothing found: searches near this one that, with the same filters, find something.
        const { limit: _l, cursor: _c, page: _p, ...rest } = input;
        const near = await didYouMean(db, engine, input.q!, await vocabularyNow(), async (q) => {
          const other = await resolve({ ...rest, q }, viewerId);
          return !!other && (await countExamples(other)) > 0;
        });
        // Said only when there is something to suggest.
        if (near.length) return { examples, total, nextCursor, didYouMean: near };
      }
      return { examples, total, nextCursor };
    },

    /**
     * Where example `id` stands in the list the filters give (`list`'s order), with its previous
     * and next; position null when the filters leave it out. 404 when there is no such example.
     */
    async position(
      id: number,
      input: ParsedExamplesFilter,
      viewerId?: number,
      editor = false,
    ): Promise<ExamplePosition> {
      const filter = await resolve(input, viewerId);
      // An editor's answer may place a draft: never kept for anyone else.
      if (editor) return findPosition(id, filter, true);
      if (filter && catalogueVersion && !list.readsMarks(filter)) {
        // The same for every caller: kept per query and catalogue version, like list pages.
        return remembered(
          catalogueVersion,
          positions,
          JSON.stringify([id, { ...filter, viewerId: undefined }]),
          () => findPosition(id, filter),
        );
      }
      return findPosition(id, filter);
    },

    /**
     * An example picked uniformly among those the filters match (a random offset below their
     * count), with its position in the list; 404 when none match.
     */
    async random(
      input: ParsedExamplesFilter,
      viewerId?: number,
      editor = false,
    ): Promise<RandomExample> {
      const filter = await resolve(input, viewerId);
      // A write between the count and the pick can shorten the list: pick again, counting afresh.
      for (let attempt = 0; filter && attempt < 3; attempt++) {
        const total =
          attempt === 0 || isFormulaFilter(filter)
            ? await countExamples(filter)
            : await list.countExamples(db, engine, filter);
        if (total === 0) break;
        const id = isFormulaFilter(filter)
          ? await formulas.idAt(filter, randomInt(total))
          : await list.exampleIdAt(db, engine, filter, randomInt(total));
        if (id === undefined) continue;
        const [example, position] = await Promise.all([
          this.get(id, viewerId, editor).catch(() => undefined),
          findPosition(id, filter, editor).catch(() => undefined),
        ]);
        // Removed or changed in between: pick again.
        if (example && position && position.position !== null) return { example, position };
      }
      throw notFound('No examples match these filters.');
    },

    /**
     * `count` examples of the filtered list in the order `seed` decides (the filtered ids, in id
     * order, shuffled by a generator seeded with it), with the list's total. The same filters and
     * seed give the same examples in the same order until the catalogue changes. `editor`: the
     * caller may see drafts (a status filter of theirs applies, and each example says its status).
     */
    async worksheet(
      input: ParsedWorksheetQuery,
      viewerId?: number,
      editor = false,
    ): Promise<Worksheet> {
      const filter = await resolve(input, viewerId);
      if (!filter) return { examples: [], total: 0 };
      const ids = isFormulaFilter(filter) ? await formulas.ids(filter) : await filteredIds(filter);
      const picked = seededPick(ids, input.count ?? WORKSHEET_COUNT_DEFAULT, input.seed);
      // An example removed (or made a draft) since the ids were read is left out, not replaced.
      const examples = (
        await repo.getExamples(db, picked, filter.viewerId, { drafts: editor })
      ).map((row) => toExample(row, { editor }));
      return { examples, total: ids.length };
    },

    /** "More like this" for example `id` (related.ts); 404 when the caller may not see `id`. */
    related,

    /** What the search box offers while `q` is typed: the first few examples it finds. */
    async suggest(q: string): Promise<SearchSuggestions> {
      const page = await this.list({ q, limit: SUGGESTIONS_MAX });
      return { examples: page.examples.map((e) => ({ id: e.id, question: e.question })) };
    },

    /** `editor`: the caller may see drafts (and is told each example's status). */
    async get(id: number, viewerId?: number, editor = false): Promise<Example> {
      const row = await repo.getExample(db, id, viewerId, { drafts: editor });
      if (!row) throw notFound(`Example ${id} not found.`);
      return toExample(row, { editor });
    },
  };
  return service;
}
