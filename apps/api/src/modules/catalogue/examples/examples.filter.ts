import type { ParsedExamplesFilter } from '@exemplar/shared/catalogue';
import { isIdText } from '@exemplar/shared/fields';
import { can, type Role } from '@exemplar/shared/roles';
import { readExampleSearch, type SearchVocabulary } from '@exemplar/shared/search';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import { categoryIdsOfSubject, findIdByName, subtreeIds } from '../taxonomy';
import { readVocabulary } from './example-search.repository';
import type { ExampleFilter } from './examples-list.repository';

/**
 * The list's filters from URL to SQL: the route parses the query with the shared
 * ExamplesQuerySchema / ExamplesFilterQuerySchema (ParsedExamplesFilter), `forCaller` drops what
 * a visitor may not ask, and `resolveFilter` turns it into the repository's ExampleFilter. List,
 * position and random all go through these two, so they can never read a query differently.
 */

/** Whether the caller may see drafts: an editor, who may write the catalogue. */
export const seesDrafts = (user: { groups: readonly Role[] } | null | undefined): boolean =>
  !!user && can(user.groups, 'catalogue:write');

/**
 * A visitor has no marks: their liked/solved/withoutHelp filters are ignored (not refused). Only
 * an editor may ask for drafts: anyone else's status filter is ignored too, so they see published
 * examples alone. The one guard for both, used by every route that takes the list's filters.
 */
export function forCaller<Q extends ParsedExamplesFilter>(
  query: Q,
  user: { id: number; groups: readonly Role[] } | null | undefined,
): { query: Q; viewerId?: number; editor: boolean } {
  const editor = seesDrafts(user);
  const shown = editor ? query : { ...query, status: undefined };
  if (user) return { query: shown, viewerId: user.id, editor };
  return {
    query: { ...shown, liked: undefined, solved: undefined, withoutHelp: undefined },
    editor,
  };
}

/**
 * A subject, difficulty or type filter's value as an id: "3" is an id, anything else a name
 * (case-insensitive). undefined: no filter; null: an unknown name, which matches nothing.
 */
export async function resolveIdOrName(
  db: Kysely<Database>,
  table: 'subjects' | 'difficulties' | 'types',
  value: string | undefined,
): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (isIdText(value)) return Number(value);
  return (await findIdByName(db, table, value)) ?? null;
}

/** The categories a subject and a category filter leave together (undefined: no such filter). */
function coveredCategories(bySubject: number[] | undefined, byCategory: number[] | undefined) {
  if (bySubject === undefined) return byCategory;
  if (byCategory === undefined) return bySubject;
  const inSubject = new Set(bySubject);
  return byCategory.filter((id) => inSubject.has(id));
}

/**
 * The repository filter for a parsed query; null when an unknown name means nothing can match.
 * liked/solved/withoutHelp apply for a signed-in `viewerId` only; `status` is the query's (only
 * an editor's query keeps one, see forCaller), published examples when it has none. The search
 * words are parsed against `vocabulary`, the stems indexed (their typos corrected to them); the
 * parsed query holds letters and digits only, so nothing a visitor types reaches the query syntax.
 * Its formulas (ADR 050) become a formula search (listed by formula-lists.ts).
 */
export async function resolveFilter(
  db: Kysely<Database>,
  query: ParsedExamplesFilter,
  viewerId: number | undefined,
  vocabulary?: SearchVocabulary,
): Promise<ExampleFilter | null> {
  const [subjectId, difficultyId, typeId, byCategory] = await Promise.all([
    resolveIdOrName(db, 'subjects', query.subjectId),
    resolveIdOrName(db, 'difficulties', query.difficultyId),
    resolveIdOrName(db, 'types', query.typeId),
    query.categoryId === undefined ? undefined : subtreeIds(db, query.categoryId),
  ]);
  if (subjectId === null || difficultyId === null || typeId === null) return null;
  const bySubject = subjectId === undefined ? undefined : await categoryIdsOfSubject(db, subjectId);
  return {
    categoryIds: coveredCategories(bySubject, byCategory),
    difficultyId,
    typeId,
    ...readExampleSearch(query.q, vocabulary),
    status: query.status ?? 'published',
    ...(viewerId !== undefined
      ? {
          viewerId,
          liked: query.liked === undefined ? undefined : query.liked === 'true',
          solved: query.solved === undefined ? undefined : query.solved === 'true',
          withoutHelp: query.withoutHelp === undefined ? undefined : query.withoutHelp === 'true',
        }
      : {}),
  };
}

/**
 * The filter resolver of the examples service: the stems indexed, read once per catalogue version
 * (what a search's typos are corrected to), and `resolve`, resolveFilter against them.
 */
export function filterResolver(
  db: Kysely<Database>,
  engine: Engine,
  catalogueVersion: (() => Promise<string>) | undefined,
) {
  const vocabularies = versionedLru<SearchVocabulary>({ maxEntries: 1 });
  const vocabularyNow = () =>
    catalogueVersion
      ? remembered(catalogueVersion, vocabularies, 'stems', () => readVocabulary(db, engine))
      : readVocabulary(db, engine);
  return {
    vocabularyNow,
    async resolve(input: ParsedExamplesFilter, viewerId: number | undefined) {
      const vocabulary = input.q ? await vocabularyNow() : undefined;
      return resolveFilter(db, input, viewerId, vocabulary);
    },
  };
}
