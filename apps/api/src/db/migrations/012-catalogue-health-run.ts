import type { Migration } from './helpers';

/**
 * `catalogue_health_run`: the catalogue health run under way, so that instances sharing a
 * database share one run. One row at most (`id` is always 1): the instance that writes it owns the
 * run (`owner`, a token of that process) and reports its progress (`progress`, the running
 * answer's JSON) with a heartbeat; another instance answers that progress instead of starting a
 * run of its own, and takes the run over only when the heartbeat is stale (its owner stopped).
 * `heartbeat_at` is an ISO 8601 UTC text on both engines: it is only compared with another such
 * text, which orders them as times.
 */
export const catalogueHealthRun: Migration = {
  name: '012-catalogue-health-run',
  async up(db) {
    await db.schema
      .createTable('catalogue_health_run')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('progress', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .execute();
  },
};
