import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { recordAudit } from '../../audit';
import type { AuthUser } from '../../auth';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type Clock = () => Date;

/** create, update and remove of one catalogue entity, as catalogue-writes.routes.ts serves them. */
export interface Writer<I, O> {
  create(actor: AuthUser, input: I): Promise<O>;
  update(actor: AuthUser, id: number, input: I): Promise<O>;
  remove(actor: AuthUser, id: number): Promise<void>;
}

/** "1 example", "3 examples", "2 subcategories". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What uses a row, counted as a refusal names it ("3 examples"); '' when nothing does. */
export const usedBy = (n: number, one: string, many?: string) => (n ? plural(n, one, many) : '');

/** Refuses (409) to delete a row still in use, naming every use (usedBy's, '' for none). */
export function mustBeUnused(label: string, name: string, uses: string[]) {
  const named = uses.filter(Boolean);
  if (named.length) {
    throw conflict(`${label} "${name}" cannot be deleted: it is used by ${named.join(' and ')}.`);
  }
}

export function mustExist<T>(row: T | undefined, what: string, id: number): T {
  if (!row) throw notFound(`${what} ${id} not found.`);
  return row;
}

/** The one audit entry of a catalogue write (or history read), recorded in the write's transaction. */
export async function auditWrite(
  trx: Tx,
  actor: AuthUser,
  at: string,
  action: `${string}.${'create' | 'update' | 'delete' | 'restore' | 'history'}`,
  id: number,
  details: Record<string, unknown>,
) {
  await recordAudit(trx, {
    actorId: actor.id,
    action,
    targetType: action.slice(0, action.indexOf('.')),
    targetId: String(id),
    details,
    at,
  });
}
