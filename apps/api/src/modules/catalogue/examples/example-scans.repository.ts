// Every example in id order, read in keyset batches: the sitemap's (modules/seo, published only)
// and the catalogue health check's (modules/catalogue/health, drafts too).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/**
 * The examples search engines are told about, the one place every sitemap query starts from: the
 * published ones (drafts are for editors' eyes), so the sitemap index, its chunks and their rows
 * all leave drafts out.
 */
function listedExamples(db: Db) {
  return db.selectFrom('examples as e').where('e.status', '=', 'published');
}

/**
 * The listed examples cut into chunks of `size` in id order: per chunk (from 0) how many examples
 * it holds and the newest `updated_at` among them. One pass over the table.
 */
export async function sitemapChunks(
  db: Db,
  size: number,
): Promise<{ chunk: number; n: number; lastmod: string }[]> {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`bad chunk size ${size}`);
  const numbered = listedExamples(db).select((eb) => [
    'e.updated_at',
    eb.fn
      .agg<number>('row_number')
      .over((over) => over.orderBy('e.id'))
      .as('position'),
  ]);
  const rows = await db
    .selectFrom(numbered.as('p'))
    // Integer division on both engines: row_number() is an integer and so is the literal.
    .select(sql<number>`(p.position - 1) / ${sql.lit(size)}`.as('chunk'))
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('p.updated_at').as('lastmod')])
    .groupBy('chunk')
    .orderBy('chunk')
    .execute();
  return rows.map((r) => ({ chunk: Number(r.chunk), n: Number(r.n), lastmod: r.lastmod }));
}

/** The id of the listed example at `offset` (from 0) in id order: where a chunk starts. */
export async function sitemapIdAt(db: Db, offset: number): Promise<number | undefined> {
  const row = await listedExamples(db)
    .select('e.id')
    .orderBy('e.id')
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row?.id;
}

/** Up to `limit` listed examples from id `fromId` on, in id order: one keyset batch. */
export function sitemapBatch(db: Db, fromId: number, limit: number) {
  return listedExamples(db)
    .select(['e.id', 'e.updated_at'])
    .where('e.id', '>=', fromId)
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** How many examples there are. */
export async function countExamples(db: Db): Promise<number> {
  const row = await db
    .selectFrom('examples')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Up to `limit` examples' texts, spec as set and test answers, with ids above `afterId`, in id
 * order: one keyset batch.
 */
export function exampleTextsBatch(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('examples')
    .select(['id', 'question', 'answer', 'procedure', 'answer_spec', 'test_answers'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
