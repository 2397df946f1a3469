import {
  HealthDoneSchema,
  HealthRunningSchema,
  type HealthDone,
  type HealthRunning,
} from '@exemplar/shared/catalogue-health';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema';

/**
 * A JSON text this module stored, read through `schema`; undefined when it is not JSON or not of
 * that shape (written by an older release).
 */
function readStored<T>(text: string, schema: z.ZodType<T>): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

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
  const result = readStored(row.result, HealthDoneSchema);
  return result?.catalogueVersion === catalogueVersion ? result : undefined;
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

/** The one row of `catalogue_health_run`. */
const RUN_ID = 1;

/**
 * The run under way in any instance, if its owner reported at or after `freshSince` (ISO): its
 * owner and progress. A stale run (its owner stopped), or a progress this code does not read, is
 * no run.
 */
export async function activeHealthRun(
  db: Kysely<Database>,
  freshSince: string,
): Promise<{ owner: string; progress: HealthRunning } | undefined> {
  const row = await db
    .selectFrom('catalogue_health_run')
    .select(['owner', 'progress'])
    .where('id', '=', RUN_ID)
    .where('heartbeat_at', '>=', freshSince)
    .executeTakeFirst();
  if (!row) return undefined;
  const progress = readStored(row.progress, HealthRunningSchema);
  return progress ? { owner: row.owner, progress } : undefined;
}

/**
 * Claims the run for `owner`, in one statement: written when there is no run, or over one whose
 * heartbeat is older than `freshSince` (ISO). True when `owner` now holds it; false when another
 * instance's run is under way (two instances claiming at once: one wins).
 */
export async function claimHealthRun(
  db: Kysely<Database>,
  owner: string,
  progress: HealthRunning,
  now: string,
  freshSince: string,
): Promise<boolean> {
  const values = { owner, progress: JSON.stringify(progress), heartbeat_at: now };
  const row = await db
    .insertInto('catalogue_health_run')
    .values({ id: RUN_ID, ...values })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(values)
        .where('catalogue_health_run.heartbeat_at', '<', freshSince),
    )
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

/** The owner's progress and heartbeat (nothing when the run is no longer `owner`'s). */
export async function reportHealthRun(
  db: Kysely<Database>,
  owner: string,
  progress: HealthRunning,
  now: string,
): Promise<void> {
  await db
    .updateTable('catalogue_health_run')
    .set({ progress: JSON.stringify(progress), heartbeat_at: now })
    .where('id', '=', RUN_ID)
    .where('owner', '=', owner)
    .execute();
}

/** Ends `owner`'s run (finished or failed), so that the next caller anywhere may start one. */
export async function releaseHealthRun(db: Kysely<Database>, owner: string): Promise<void> {
  await db
    .deleteFrom('catalogue_health_run')
    .where('id', '=', RUN_ID)
    .where('owner', '=', owner)
    .execute();
}
