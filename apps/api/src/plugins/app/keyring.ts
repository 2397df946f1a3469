import fp from 'fastify-plugin';
import { createKeyring, type Keyring } from '../../modules/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The keys that sign and check access tokens, kept in the database. */
    keyring: Keyring;
  }
}

export const keyringPlugin = fp(
  async (app) => {
    app.decorate('keyring', await createKeyring(app.database.db));
  },
  { name: 'keyring', dependencies: ['database'] },
);
