import type { AdminUser, UpdateUserRequest, UsersDashboard } from '@exemplar/shared/admin-users';
import { isRole, type Role } from '@exemplar/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { assertPasswordAcceptable, hashSecret } from '../../lib/passwords';
import { recordAudit } from '../audit';
import * as auth from '../auth';
import type { AccountRow, AuthUser } from '../auth';
import { forgetMarksOf } from '../catalogue/examples';
import { toAdminUser } from './admin-users.presenter';

type Db = Kysely<Database>;

/** Someone must be able to manage accounts: the one enabled superadmin stays one. */
const LAST_SUPERADMIN =
  'The only enabled superadmin cannot be deleted, disabled or demoted: first give another enabled account the superadmin role.';

export interface AdminUsersDeps {
  /** Tells a user when a superadmin has set their password. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export function adminUsersService(
  db: Db,
  engine: Engine,
  { mailer, log, clock = () => new Date() }: AdminUsersDeps,
) {
  const now = () => clock().toISOString();

  async function load(d: Db, key: string) {
    const user = await auth.findAccount(d, key);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Throws 409 when `user` is the only enabled superadmin left. */
  async function guardLastSuperadmin(d: Db, userId: number) {
    const ids = await auth.enabledSuperadminIds(d, engine);
    if (ids.includes(userId) && ids.length <= 1) throw conflict(LAST_SUPERADMIN);
  }

  async function present(d: Db, user: AccountRow) {
    const groups = await auth.groupsByUser(d, [user.id]);
    return toAdminUser(user, groups.get(user.id) ?? []);
  }

  /**
   * Adds or removes `group` (never the last enabled superadmin's superadmin role), with its audit
   * entry `user.group.add` or `user.group.remove`; inside the caller's transaction.
   */
  async function changeGroup(
    trx: Db,
    actor: AuthUser,
    user: AccountRow,
    change: 'add' | 'remove',
    group: Role,
  ) {
    if (change === 'remove' && group === 'superadmin') await guardLastSuperadmin(trx, user.id);
    const at = now();
    await auth.changeAccountGroup(trx, user.id, change, group, at);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `user.group.${change}`,
      targetType: 'user',
      targetId: user.username,
      details: { email: user.email, group },
      at,
    });
  }

  /**
   * Makes `groups` the user's whole set of roles: the removals and additions it takes. A role
   * named twice is one role (one change, one audit entry).
   */
  async function setGroups(trx: Db, actor: AuthUser, user: AccountRow, named: Role[]) {
    const groups = [...new Set(named)];
    const current = (await auth.groupsOf(trx, user.id)).filter(isRole);
    for (const group of current) {
      if (!groups.includes(group)) await changeGroup(trx, actor, user, 'remove', group);
    }
    for (const group of groups) {
      if (!current.includes(group)) await changeGroup(trx, actor, user, 'add', group);
    }
  }

  /** Applies the field changes of a save (no roles), with their audit entry. */
  async function updateFields(
    trx: Db,
    actor: AuthUser,
    user: AccountRow,
    changes: Omit<UpdateUserRequest, 'groups'>,
    hashed: string | undefined,
  ) {
    if (changes.confirmed === false && user.status === 'CONFIRMED') {
      throw badRequest('A confirmed account cannot be unconfirmed.');
    }
    if (changes.enabled === false && user.enabled === 1) await guardLastSuperadmin(trx, user.id);
    const at = now();
    // A new password or a disabled account ends every session of that user at once.
    await auth.updateAccount(
      trx,
      user.id,
      {
        ...(hashed ? { password_hash: hashed } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
        ...(changes.confirmed ? { status: 'CONFIRMED' as const } : {}),
        ...(changes.emailVerified !== undefined
          ? { email_verified: changes.emailVerified ? 1 : 0 }
          : {}),
      },
      at,
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.update',
      targetType: 'user',
      targetId: user.username,
      details: {
        email: user.email,
        ...changes,
        ...(changes.password !== undefined ? { password: 'changed' } : {}),
      },
      at,
    });
  }

  return {
    async dashboard(): Promise<UsersDashboard> {
      const all = await auth.listAccounts(db);
      const groups = await auth.groupsByUser(
        db,
        all.map((u) => u.id),
      );
      const confirmed = all.filter((u) => u.status === 'CONFIRMED').length;
      return {
        total: all.length,
        confirmed,
        unconfirmed: all.length - confirmed,
        users: all.map((u) => toAdminUser(u, groups.get(u.id) ?? [])),
      };
    },

    async get(key: string): Promise<AdminUser> {
      return present(db, await load(db, key));
    },

    /**
     * One save of an account: its fields and, with `groups`, its whole set of roles, in one
     * transaction under the rules of each part; any refusal leaves the account as it was.
     */
    async update(actor: AuthUser, key: string, changes: UpdateUserRequest): Promise<AdminUser> {
      const { groups, ...fields } = changes;
      if (fields.password !== undefined) {
        const target = await load(db, key);
        // A superadmin sets someone else's password: a refusal names whose address it contains.
        assertPasswordAcceptable(fields.password, target.email, { own: false });
      }
      const hashed = fields.password !== undefined ? await hashSecret(fields.password) : undefined;
      const updated = await db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        if (Object.keys(fields).length > 0) await updateFields(trx, actor, user, fields, hashed);
        if (groups) await setGroups(trx, actor, user, groups);
        return { user: await present(trx, await load(trx, key)), name: user.name };
      });
      // Once committed: the owner learns that their password was set (and sessions ended), so a
      // change they did not expect does not go unnoticed. A mail failure does not undo it.
      if (hashed) {
        await mailer
          .send(auth.passwordSetByAdminMail(updated.user.email, updated.name))
          .catch((err: unknown) => {
            log.warn({ err }, 'could not send the password-set notice');
          });
      }
      return updated.user;
    },

    async remove(actor: AuthUser, key: string) {
      await db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        await guardLastSuperadmin(trx, user.id);
        await forgetMarksOf(trx, user.id);
        await auth.deleteAccount(trx, user.id);
        await recordAudit(trx, {
          actorId: actor.id === user.id ? null : actor.id,
          action: 'user.delete',
          targetType: 'user',
          targetId: user.username,
          details: { email: user.email },
          at: now(),
        });
      });
    },

    async addGroup(actor: AuthUser, key: string, group: Role): Promise<AdminUser> {
      return db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        await changeGroup(trx, actor, user, 'add', group);
        return present(trx, user);
      });
    },

    async removeGroup(actor: AuthUser, key: string, group: Role): Promise<AdminUser> {
      return db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        await changeGroup(trx, actor, user, 'remove', group);
        return present(trx, user);
      });
    },
  };
}
