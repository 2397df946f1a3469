// "More like this" (ADR 051): an example's search document and the published examples that may be
// like it: those of its category, and those sharing words of its question or names (the engine's
// full-text index finds them, ranked by it). The service scores them (related-score.ts).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/** An example as "More like this" compares it: its category and its search document. */
export interface RelatedRow {
  id: number;
  category_id: number;
  search_question: string;
  search_names: string;
  search_answer: string;
  search_rest: string;
}

const columns = [
  'e.id',
  'e.category_id',
  'e.search_question',
  'e.search_names',
  'e.search_answer',
  'e.search_rest',
] as const;

/** Example `id`'s category, search document and question, whatever its status. */
export function relatedSource(
  db: Db,
  id: number,
): Promise<(RelatedRow & { question: string }) | undefined> {
  return db
    .selectFrom('examples as e')
    .select([...columns, 'e.question'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** Whether `stem` can be asked of the full-text index as it is (letters and digits only). */
export const isIndexedWord = (stem: string) => /^[a-z0-9]+$/.test(stem);

/** How many candidates each way reads at most (same category; shared words). */
export const CANDIDATES_MAX = 100;

/**
 * Published examples other than `source` that may be like it: up to CANDIDATES_MAX of its
 * category (lowest ids first), up to CANDIDATES_MAX holding any of `terms` (stems, letters and
 * digits only), the engine's best matches first, and `alike` (found by their formulas). The ways
 * find ids only; the documents of those published are read once.
 */
export async function relatedCandidates(
  db: Db,
  engine: Engine,
  source: RelatedRow,
  terms: string[],
  alike: number[] = [],
): Promise<RelatedRow[]> {
  const sameCategory = db
    .selectFrom('examples as e')
    .select('e.id')
    .where('e.status', '=', 'published')
    .where('e.id', '<>', source.id)
    .where('e.category_id', '=', source.category_id)
    .orderBy('e.id')
    .limit(CANDIDATES_MAX)
    .execute();
  const words = terms.filter(isIndexedWord);
  const sharingWords =
    words.length === 0
      ? Promise.resolve([])
      : engine === 'postgres'
        ? db
            .selectFrom('examples as e')
            .select('e.id')
            .where(sql<boolean>`e.search @@ to_tsquery('simple', ${words.join(' | ')})`)
            .where('e.status', '=', 'published')
            .where('e.id', '<>', source.id)
            .orderBy(sql`ts_rank(e.search, to_tsquery('simple', ${words.join(' | ')}))`, 'desc')
            .orderBy('e.id')
            .limit(CANDIDATES_MAX)
            .execute()
        : sql<{ id: number }>`
            select rowid as id from examples_fts
            where examples_fts match ${words.map((w) => `"${w}"`).join(' OR ')}
              and rowid <> ${source.id}
            order by bm25(examples_fts, 10.0, 6.0, 3.0, 1.0), rowid
            limit ${CANDIDATES_MAX}`
            .execute(db)
            .then((r) => r.rows);
  const found = [...(await sameCategory), ...(await sharingWords)].map((r) => r.id);
  const ids = [...new Set([...found, ...alike])].filter((id) => id !== source.id);
  if (ids.length === 0) return [];
  return db
    .selectFrom('examples as e')
    .select(columns)
    .where('e.status', '=', 'published')
    .where('e.id', 'in', ids)
    .execute();
}
