import { successSchema } from '@exemplar/shared/api';
import { IdParamsSchema } from '@exemplar/shared/catalogue';
import {
  DeletedExamplesPageSchema,
  DeletedExamplesQuerySchema,
  ExampleVersionsSchema,
  RestoredExampleSchema,
  RestoreVersionSchema,
  VersionParamsSchema,
} from '@exemplar/shared/versions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';

/**
 * GET /examples/deleted (the examples that no longer exist but keep their history, for a super
 * admin to find one to restore), GET /examples/{id}/versions and POST /examples/{id}/versions/{version}/restore: an example's
 * history for those who write the catalogue (a deleted example's for a super admin only, decided
 * by the service).
 */
export const exampleVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.catalogueWrites.versions;
  const onRequest = app.requirePermission('catalogue:write');
  const tags = ['catalogue (admin)'];

  app.get(
    '/examples/deleted',
    {
      onRequest: app.requirePermission('catalogue:restore-deleted'),
      schema: {
        tags,
        summary: 'Deleted examples that keep their history, most recently edited first',
        querystring: DeletedExamplesQuerySchema,
        response: { 200: successSchema(DeletedExamplesPageSchema) },
      },
    },
    async (request) => ok(await service.listDeleted(request.query)),
  );

  app.get(
    '/examples/:id/versions',
    {
      onRequest,
      schema: {
        tags,
        summary: "An example's versions, newest first",
        params: IdParamsSchema,
        response: { 200: successSchema(ExampleVersionsSchema) },
      },
    },
    async (request) => ok({ versions: await service.list(request.user!, request.params.id) }),
  );

  app.post(
    '/examples/:id/versions/:version/restore',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Make a version current again, as a new version',
        description:
          "The example keeps its status (draft or published; a deleted example the one it had when deleted) unless statusFrom is 'version', which takes the version's status too. 409 when the version's difficulty, type or category no longer exists, or its question repeats another example's (unless allowDuplicate).",
        params: VersionParamsSchema,
        body: RestoreVersionSchema,
        response: { 200: successSchema(RestoredExampleSchema) },
      },
    },
    async (request) => {
      const { id, version } = request.params;
      const restored = await service.restore(request.user!, id, version, request.body);
      const moved = { draft: ' It is now a draft.', published: ' It is now published.' };
      return ok(
        restored,
        `Version ${version} restored as version ${restored.version}.${restored.statusChangedTo ? moved[restored.statusChangedTo] : ''}`,
      );
    },
  );
};
