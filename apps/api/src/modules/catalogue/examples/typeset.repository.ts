// Formulas typeset once and kept (ADR 052, table typeset_formulas): read by their keys, written
// when missing.
import { createHash } from 'node:crypto';
import { TYPESETTER_VERSION } from '@exemplar/shared/math';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/** Keys per statement: well under SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

/** A formula's row key: SHA-256 of the typesetter version and its formulaKey (mode and LaTeX). */
export function rowKey(formulaKey: string, typesetter = TYPESETTER_VERSION): string {
  return createHash('sha256').update(`${typesetter}\u0000${formulaKey}`).digest('hex');
}

/** The kept HTML of those of `formulaKeys` typeset under this version (formulaKey → HTML). */
export async function readTypeset(db: Db, formulaKeys: Iterable<string>) {
  const byRow = new Map<string, string>();
  for (const formulaKey of formulaKeys) byRow.set(rowKey(formulaKey), formulaKey);
  const found = new Map<string, string>();
  const rows = [...byRow.keys()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const kept = await db
      .selectFrom('typeset_formulas')
      .select(['key', 'html'])
      .where('key', 'in', chunk)
      .execute();
    for (const row of kept) found.set(byRow.get(row.key)!, row.html);
  }
  return found;
}

/** Keeps `typeset` (formulaKey → HTML, typeset under this version); rows already there stay. */
export async function writeTypeset(db: Db, typeset: ReadonlyMap<string, string>) {
  const rows = [...typeset].map(([formulaKey, html]) => ({
    key: rowKey(formulaKey),
    typesetter: TYPESETTER_VERSION,
    html,
  }));
  // A few hundred formulas' HTML per statement (each a few kilobytes).
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('typeset_formulas')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

/** Deletes the formulas typeset under any other version (they are never read). */
export async function deleteStaleTypeset(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('typeset_formulas')
    .where('typesetter', '<>', TYPESETTER_VERSION)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A batch of examples' texts after `afterId`, in id order. */
export async function exampleTextsAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('examples')
    .select(['id', 'question', 'answer', 'procedure'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
