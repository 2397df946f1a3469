import fp from 'fastify-plugin';
import { authPlugin, authService } from '../../modules/auth';

/**
 * The auth service over the database, keys, mail and counters; the superadmin account of
 * SUPERADMIN_EMAIL; then the auth plugin (`app.auth` and the routes' sign-in hooks).
 */
export const accountsPlugin = fp(
  async (app) => {
    const { config } = app;
    const auth = authService({
      db: app.database.db,
      keyring: app.keyring,
      mailer: app.mailer,
      counters: app.counters,
      log: app.log,
      sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 3600_000,
    });
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      const result = await auth
        .ensureUser({
          email: config.SUPERADMIN_EMAIL.toLowerCase(),
          password: config.SUPERADMIN_PASSWORD,
          name: 'Super Admin',
          role: 'superadmin',
        })
        .catch((err: unknown) => {
          throw new Error(
            `SUPERADMIN_PASSWORD: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
      app.log.info({ created: result.created }, 'superadmin account ensured');
    }
    await app.register(authPlugin, { service: auth });
  },
  { name: 'accounts', dependencies: ['database', 'keyring', 'mailer', 'redis'] },
);
