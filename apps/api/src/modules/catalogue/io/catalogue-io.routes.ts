import { successSchema } from '@exemplar/shared/api';
import {
  ExportQuerySchema,
  ImportReportSchema,
  ImportRequestSchema,
} from '@exemplar/shared/catalogue-io';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { jsonBodyError } from '../../../lib/input-guard';

/** The largest import body accepted (413 beyond). */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const tags = ['catalogue (admin)'];

export const catalogueIoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.catalogueIo;
  const onRequest = app.requirePermission('catalogue:write');

  // The import takes its body as raw bytes (in this scope only) and hands them to the worker
  // thread, which decodes, parses, guards, validates and parses the records: a body of 32 MiB
  // would hold the event loop for most of a second. The schema stays for the API document; the
  // route's validator lets the bytes through and the thread applies the schema itself. A request
  // without a JSON body is validated here as before, so it is refused with the same message.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body: Buffer, done) =>
        body.length === 0 ? done(jsonBodyError('empty'), undefined) : done(null, body),
    );
    scope.post(
      '/admin/import',
      {
        onRequest,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Import a catalogue file (dry run first)',
          body: ImportRequestSchema,
          response: { 200: successSchema(ImportReportSchema) },
        },
        validatorCompiler: (route) => {
          const validate = validatorCompiler(
            route as unknown as Parameters<typeof validatorCompiler>[0],
          );
          return (data) => (Buffer.isBuffer(data) ? { value: data } : validate(data));
        },
      },
      async (request) => {
        const { report, message } = await service.importBody(
          request.body as unknown as Buffer,
          request.user!,
        );
        return ok(report, message);
      },
    );
  });

  app.get(
    '/admin/export',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The whole catalogue as one JSON file (with each example's history: ?versions=true)",
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { filename, text } = await service.exportFile({
        versions: request.query.versions === 'true',
      });
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('application/json; charset=utf-8')
        .send(text);
    },
  );
};
