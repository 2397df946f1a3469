import { ErrorCode } from '@exemplar/shared/api';
import { ID_MAX } from '@exemplar/shared/fields';
import { can } from '@exemplar/shared/roles';
import type {
  DeletedExamplesPage,
  ExampleVersion,
  RestoredExample,
  RestoreVersion,
} from '@exemplar/shared/versions';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { lastRecorded } from '../../audit';
import type { AuthUser } from '../../auth';
import * as examples from '../examples';
import * as catalogue from '../taxonomy';
import { auditWrite, type Clock, type Db, type Tx } from './catalogue-writes.common';
import { checkRepeat, read } from './example-writes.service';

/**
 * Whether example `id`, whose history is read or restored, was deleted (then only a caller with
 * catalogue:restore-deleted may go on). A draft is not deleted: it has its examples row, and its
 * history is for whoever may edit it. 404 when it never existed.
 */
async function subject(trx: Tx | Db, actor: AuthUser, id: number) {
  if (await examples.exampleExists(trx, id, { drafts: true })) return { deleted: false };
  if (!(await examples.hasHistory(trx, id))) throw notFound(`Example ${id} not found.`);
  if (!can(actor.groups, 'catalogue:restore-deleted'))
    throw forbidden(
      `Example ${id} was deleted: only a super admin may read or restore its history.`,
    );
  return { deleted: true };
}

/** Version `version` refers to what still exists; one 409 naming each reference that does not. */
async function checkRefsOf(trx: Tx, row: examples.VersionRow): Promise<examples.RestorableVersion> {
  const problems: string[] = [];
  if (
    row.difficulty_id === null ||
    !(await catalogue.getNamed(trx, 'difficulties', row.difficulty_id))
  )
    problems.push('its difficulty');
  if (row.type_id === null || !(await catalogue.getNamed(trx, 'types', row.type_id)))
    problems.push('its type');
  if (row.category_id === null || !(await catalogue.getCategory(trx, row.category_id)))
    problems.push('its category');
  if (problems.length === 0) return row as examples.RestorableVersion;
  const list =
    problems.length === 1
      ? problems[0]
      : `${problems.slice(0, -1).join(', ')} and ${problems.at(-1)}`;
  throw new AppError(
    409,
    ErrorCode.Conflict,
    `Version ${row.version} cannot be restored: ${list} no longer ${problems.length === 1 ? 'exists' : 'exist'}. Edit the example instead, choosing what it should use now.`,
  );
}

export const DELETED_PAGE_DEFAULT = 20;

function readDeletedCursor(raw: string): examples.DeletedAfter {
  return decodeCursor(raw, (v) => {
    const { editedAt, id } = v;
    // A stored instant as it came out of the database, and an id the engines can hold.
    const instant =
      typeof editedAt === 'string' && editedAt.length <= 40 && !Number.isNaN(Date.parse(editedAt));
    const valid = Number.isSafeInteger(id) && (id as number) >= 1 && (id as number) <= ID_MAX;
    return instant && valid && Object.keys(v).length === 2
      ? { editedAt: editedAt as string, id: id as number }
      : undefined;
  });
}

/** An example's history: read newest first, and any version made current again as a new one. */
export function exampleVersionsService(db: Db, clock: Clock = () => new Date()) {
  return {
    /**
     * The deleted examples (a history but no examples row), the most recently edited first: a
     * page of `limit` from `cursor`, each with when its deletion was audited.
     */
    async listDeleted({
      limit = DELETED_PAGE_DEFAULT,
      cursor,
    }: {
      limit?: number;
      cursor?: string;
    }): Promise<DeletedExamplesPage> {
      const after = cursor ? readDeletedCursor(cursor) : undefined;
      const rows = await examples.deletedExamples(db, limit + 1, after);
      const page = rows.slice(0, limit);
      const deletedAt = await lastRecorded(
        db,
        'examples.delete',
        page.map((r) => String(r.example_id)),
      );
      const last = page.at(-1);
      return {
        examples: page.map((r) => ({
          id: Number(r.example_id),
          question: r.question,
          lastVersion: Number(r.version),
          lastEditedAt: r.edited_at,
          deletedAt: deletedAt.get(String(r.example_id)) ?? null,
        })),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ editedAt: last.edited_at, id: Number(last.example_id) })
            : null,
      };
    },

    /** Newest first; the read is audited (who looked at a deleted example's text, too). */
    list: (actor: AuthUser, id: number): Promise<ExampleVersion[]> =>
      db.transaction().execute(async (trx) => {
        const { deleted } = await subject(trx, actor, id);
        const history = await examples.exampleHistory(trx, id);
        await auditWrite(trx, actor, clock().toISOString(), 'examples.history', id, {
          versions: history.length,
          ...(deleted ? { deleted: true } : {}),
        });
        return history;
      }),

    /**
     * Makes version `version` current again as the example's next version (action 'restore'):
     * history is never rewritten. A deleted example comes back under its own id. Its references
     * must still exist (409 naming them) and its question must not repeat another example's
     * (409 DuplicateQuestion unless allowDuplicate). The example keeps its status (a deleted one
     * the status it had when deleted) unless `statusFrom: 'version'` asks for the version's; a
     * change of status is audited.
     */
    restore: (
      actor: AuthUser,
      id: number,
      version: number,
      body: RestoreVersion,
    ): Promise<RestoredExample> =>
      db.transaction().execute(async (trx) => {
        const { deleted } = await subject(trx, actor, id);
        const row = await examples.exampleVersion(trx, id, version);
        if (!row) throw notFound(`Example ${id} has no version ${version}.`);
        const refs = await checkRefsOf(trx, row);
        const repeats = await checkRepeat(
          trx,
          { question: row.question, allowDuplicate: body.allowDuplicate },
          id,
        );
        // Now: the examples row's status, or a deleted example's when deleted (its newest version).
        const current = deleted
          ? (await examples.newestVersion(trx, id))!.status
          : (await read(trx, id)).status!;
        const status = body.statusFrom === 'version' ? row.status : current;
        const at = clock().toISOString();
        // The spec as the version set it (null: inferred) and its test answers come back too.
        const made = await examples.restoreExample(trx, id, refs, { status, deleted }, actor, at);
        await auditWrite(trx, actor, at, 'examples.restore', id, {
          version,
          newVersion: made,
          categoryId: refs.category_id,
          ...(deleted ? { undeleted: true } : {}),
          ...(status !== current ? { status: { from: current, to: status } } : {}),
          ...(repeats !== undefined ? { duplicateOf: repeats } : {}),
        });
        return {
          example: await read(trx, id),
          version: made,
          statusChangedTo: status !== current ? status : null,
        };
      }),
  };
}
export type ExampleVersionsService = ReturnType<typeof exampleVersionsService>;
