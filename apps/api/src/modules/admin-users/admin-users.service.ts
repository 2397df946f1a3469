import type { AdminUser, UpdateUserRequest, UsersDashboard } from '@exemplar/shared/admin-users';
import { normaliseGroups, type Role } from '@exemplar/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { assertPasswordAcceptable, hashSecret } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.repository';
import { passwordSetByAdminMail } from '../auth/auth.mail';
import type { AuthUser } from '../auth/auth.service';
import { revokeUserSessions } from '../auth/sessions.repository';
import { addGroup, updateUser } from '../auth/users.repository';
import * as repo from './admin-users.repository';

/** Someone must be able to manage accounts: the one enabled superadmin stays one. */
const LAST_SUPERADMIN =
  'The only enabled superadmin cannot be deleted, disabled or demoted: first give another enabled account the superadmin role.';

const toAdminUser = (u: repo.AdminUserRow, groups: string[]): AdminUser => ({
  username: u.username,
  email: u.email,
  name: u.name,
  status: u.status,
  enabled: u.enabled === 1,
  emailVerified: u.email_verified === 1,
  groups: normaliseGroups(groups),
  created: u.created_at,
  lastModified: u.updated_at,
});

export interface AdminUsersDeps {
  /** Tells a user when a superadmin has set their password. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export function adminUsersService(
  db: Kysely<Database>,
  engine: Engine,
  { mailer, log, clock = () => new Date() }: AdminUsersDeps,
) {
  const now = () => clock().toISOString();

  async function load(d: Kysely<Database>, key: string) {
    const user = await repo.findUser(d, key);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Throws 409 when `user` is the only enabled superadmin left. */
  async function guardLastSuperadmin(d: Kysely<Database>, userId: number) {
    const ids = await repo.enabledSuperadminIds(d, engine);
    if (ids.includes(userId) && ids.length <= 1) throw conflict(LAST_SUPERADMIN);
  }

  async function present(d: Kysely<Database>, user: repo.AdminUserRow) {
    const groups = await repo.groupsByUser(d, [user.id]);
    return toAdminUser(user, groups.get(user.id) ?? []);
  }

  return {
    async dashboard(): Promise<UsersDashboard> {
      const users = await repo.listUsers(db);
      const groups = await repo.groupsByUser(
        db,
        users.map((u) => u.id),
      );
      const confirmed = users.filter((u) => u.status === 'CONFIRMED').length;
      return {
        total: users.length,
        confirmed,
        unconfirmed: users.length - confirmed,
        users: users.map((u) => toAdminUser(u, groups.get(u.id) ?? [])),
      };
    },

    async get(key: string): Promise<AdminUser> {
      return present(db, await load(db, key));
    },

    async update(actor: AuthUser, key: string, changes: UpdateUserRequest): Promise<AdminUser> {
      if (changes.password !== undefined) {
        const target = await load(db, key);
        // A superadmin sets someone else's password: a refusal names whose address it contains.
        assertPasswordAcceptable(changes.password, target.email, {
          own: false,
          email: target.email,
        });
      }
      const hashed =
        changes.password !== undefined ? await hashSecret(changes.password) : undefined;
      const updated = await db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        if (changes.confirmed === false && user.status === 'CONFIRMED') {
          throw badRequest('A confirmed account cannot be unconfirmed.');
        }
        if (changes.enabled === false && user.enabled === 1)
          await guardLastSuperadmin(trx, user.id);
        const at = now();
        await updateUser(trx, user.id, {
          updated_at: at,
          ...(hashed ? { password_hash: hashed } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
          ...(changes.confirmed ? { status: 'CONFIRMED' as const } : {}),
          ...(changes.emailVerified !== undefined
            ? { email_verified: changes.emailVerified ? 1 : 0 }
            : {}),
        });
        // A new password or a disabled account ends every session of that user at once.
        if (hashed || changes.enabled === false) await revokeUserSessions(trx, user.id, at);
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
        return { user: await present(trx, (await load(trx, key))!), name: user.name };
      });
      // Once committed: the owner learns that their password was set (and sessions ended), so a
      // change they did not expect does not go unnoticed. A mail failure does not undo it.
      if (hashed) {
        await mailer
          .send(passwordSetByAdminMail(updated.user.email, updated.name))
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
        await repo.deleteUser(trx, user.id);
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
        const at = now();
        await addGroup(trx, user.id, group, at);
        await updateUser(trx, user.id, { updated_at: at });
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'user.group.add',
          targetType: 'user',
          targetId: user.username,
          details: { email: user.email, group },
          at,
        });
        return present(trx, user);
      });
    },

    async removeGroup(actor: AuthUser, key: string, group: string): Promise<AdminUser> {
      if (!['superadmin', 'admin', 'basic'].includes(group)) {
        throw badRequest('group must be one of superadmin, admin, basic.');
      }
      return db.transaction().execute(async (trx) => {
        const user = await load(trx, key);
        if (group === 'superadmin') await guardLastSuperadmin(trx, user.id);
        const at = now();
        await repo.removeGroup(trx, user.id, group);
        await updateUser(trx, user.id, { updated_at: at });
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'user.group.remove',
          targetType: 'user',
          targetId: user.username,
          details: { email: user.email, group },
          at,
        });
        return present(trx, user);
      });
    },
  };
}
