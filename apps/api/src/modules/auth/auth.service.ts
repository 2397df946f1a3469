import type { Me } from '@exemplar/shared/auth';
import type { Preferences, UpdatePreferencesRequest } from '@exemplar/shared/preferences';
import { unauthorized } from '../../lib/errors';
import { authContext, type AuthDeps } from './auth.deps';
import { MESSAGES } from './auth.messages';
import { toMe } from './auth.presenter';
import { codesService } from './codes.service';
import { passwordsService } from './passwords.service';
import { registrationService } from './registration.service';
import { sessionsService } from './sessions.service';
import * as users from './users.repository';

/**
 * The auth service: registration, sessions, passwords and the caller's own account, composed from
 * one part each (codes.service.ts issues and spends the mailed codes the parts share).
 */
export function authService(deps: AuthDeps) {
  const ctx = authContext(deps);
  const { db, now } = ctx;
  const codes = codesService(ctx);

  async function me(userId: number): Promise<Me> {
    const user = await users.findUserById(db, userId);
    if (!user) throw unauthorized(MESSAGES.sessionEnded);
    return toMe(user, await users.groupsOf(db, user.id));
  }

  /** The caller's preferences; an account gone since its token was signed has none (401). */
  async function preferences(userId: number): Promise<Preferences> {
    const row = await users.findPreferences(db, userId);
    if (!row) throw unauthorized(MESSAGES.sessionEnded);
    return { tryFirst: row.try_first === 1 };
  }

  return {
    ...registrationService(ctx, codes),
    ...sessionsService(ctx),
    ...passwordsService(ctx, codes),
    me,
    async updateMe(userId: number, name: string): Promise<Me> {
      await users.updateUser(db, userId, { name, updated_at: now() });
      return me(userId);
    },
    preferences,
    /** Saves the preferences given, leaving the others as they are; answers them all. */
    async updatePreferences(
      userId: number,
      changes: UpdatePreferencesRequest,
    ): Promise<Preferences> {
      await preferences(userId);
      const values: { try_first?: number } = {};
      if (changes.tryFirst !== undefined) values.try_first = changes.tryFirst ? 1 : 0;
      await users.updatePreferences(db, userId, values);
      return preferences(userId);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
