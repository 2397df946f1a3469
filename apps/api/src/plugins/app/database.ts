import fp from 'fastify-plugin';
import { createDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { seedDemoCatalogue } from '../../modules/catalogue/io';

declare module 'fastify' {
  interface FastifyInstance {
    database: Db;
  }
}

/**
 * Opens the database (SQLite under DATA_DIR, or DATABASE_URL), applies the migrations and loads the
 * demo catalogue when SEED=demo. A failure closes the database before it is passed on; once open,
 * it closes with the app.
 */
export const databasePlugin = fp(
  async (app) => {
    const { config } = app;
    const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
    try {
      await migrate(database);
      if (config.SEED === 'demo') await seedDemoCatalogue(database.db, database.engine);
      if (database.engine === 'sqlite') await database.refreshStatistics();
    } catch (err) {
      await database.close();
      throw err;
    }
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database', decorators: { fastify: ['config'] } },
);
