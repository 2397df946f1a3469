import { HealthDoneSchema, type HealthDone } from '@exemplar/shared/catalogue-health';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The result kept for `catalogueVersion`, or undefined: none kept, another version's, or one whose
 * shape this code no longer reads (written by an older release), which a new run replaces.
 */
export async function keptHealth(
  db: Kysely<Database>,
  catalogueVersion: string,
): Promise<HealthDone | undefined> {
  const row = await db
    .selectFrom('catalogue_health')
    .select('result')
    .where('catalogue_version', '=', catalogueVersion)
    .executeTakeFirst();
  if (!row) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.result);
  } catch {
    return undefined;
  }
  const parsed = HealthDoneSchema.safeParse(json);
  return parsed.success && parsed.data.catalogueVersion === catalogueVersion
    ? parsed.data
    : undefined;
}

/**
 * Keeps `result` in place of any other version's. Two instances finishing the same version at
 * once both write it: the later one's answer stays.
 */
export async function keepHealth(db: Kysely<Database>, result: HealthDone): Promise<void> {
  const json = JSON.stringify(result);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('catalogue_health')
      .where('catalogue_version', '<>', result.catalogueVersion)
      .execute();
    await trx
      .insertInto('catalogue_health')
      .values({ catalogue_version: result.catalogueVersion, result: json })
      .onConflict((oc) => oc.column('catalogue_version').doUpdateSet({ result: json }))
      .execute();
  });
}
