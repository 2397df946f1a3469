import { successSchema } from '@exemplar/shared/api';
import { ImportReportSchema, ImportRequestSchema } from '@exemplar/shared/catalogue-io';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportCatalogue, importCatalogue } from './catalogue-io.service';

const tags = ['catalogue (admin)'];

export const catalogueIoRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requirePermission('catalogue:write');

  app.post(
    '/admin/import',
    {
      onRequest,
      bodyLimit: 32 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import a catalogue file (dry run first)',
        body: ImportRequestSchema,
        response: { 200: successSchema(ImportReportSchema) },
      },
    },
    async (request) => {
      const report = await importCatalogue(app.database.db, request.body.data, {
        dryRun: request.body.dryRun,
        actorId: request.user!.id,
      });
      if (!report.dryRun && report.imported > 0) await app.database.refreshStatistics();
      return {
        success: true as const,
        message: request.body.dryRun
          ? `Dry run: ${report.imported} to import, ${report.duplicates} already there, ${report.failed} refused.`
          : `Imported ${report.imported} examples (${report.duplicates} already there, ${report.failed} refused).`,
        data: report,
      };
    },
  );

  app.get(
    '/admin/export',
    { onRequest, schema: { tags, summary: 'The whole catalogue as one JSON file' } },
    async (_request, reply) => {
      const file = await exportCatalogue(app.database.db);
      const day = file.exportedAt!.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="exemplar-catalogue-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(file, null, 2));
    },
  );
};
