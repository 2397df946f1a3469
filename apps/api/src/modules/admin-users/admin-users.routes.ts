import {
  AddGroupRequestSchema,
  AdminUserSchema,
  UpdateUserRequestSchema,
  UserGroupParamsSchema,
  UserKeyParamsSchema,
  UsersDashboardSchema,
} from '@exemplar/shared/admin-users';
import { successSchema } from '@exemplar/shared/api';
import { PERMISSIONS, permissionsOf, RoleSchema, highestRole } from '@exemplar/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/envelope';

const tags = ['admin'];
const UserResponse = successSchema(z.object({ user: AdminUserSchema }));

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminUsers;
  const manage = app.requirePermission('users:manage');

  app.get(
    '/admin/permissions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'What the caller may do',
        response: {
          200: successSchema(
            z.object({
              role: RoleSchema,
              permissions: z.record(
                z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS]),
                z.boolean(),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok({
        role: highestRole(request.user!.groups),
        permissions: permissionsOf(request.user!.groups),
      }),
  );

  app.get(
    '/admin/users/dashboard',
    {
      onRequest: manage,
      schema: { tags, response: { 200: successSchema(UsersDashboardSchema) } },
    },
    async () => ok(await service.dashboard()),
  );

  app.get(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: { tags, params: UserKeyParamsSchema, response: { 200: UserResponse } },
    },
    async (request) => ok({ user: await service.get(request.params.username) }),
  );

  app.put(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'One save of an account: the fields sent and, with `groups`, its whole set of roles, all applied or none.',
        params: UserKeyParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UserResponse },
      },
    },
    async (request) =>
      ok(
        { user: await service.update(request.user!, request.params.username, request.body) },
        'User updated successfully.',
      ),
  );

  app.delete(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: { tags, params: UserKeyParamsSchema, response: { 200: successSchema(z.null()) } },
    },
    async (request) => {
      await service.remove(request.user!, request.params.username);
      return done('User deleted successfully.');
    },
  );

  app.post(
    '/admin/users/:username/groups',
    {
      onRequest: manage,
      schema: {
        tags,
        params: UserKeyParamsSchema,
        body: AddGroupRequestSchema,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const { groupName } = request.body;
      const user = await service.addGroup(request.user!, request.params.username, groupName);
      return ok({ user }, `Added to ${groupName}.`);
    },
  );

  app.delete(
    '/admin/users/:username/groups/:group',
    {
      onRequest: manage,
      schema: { tags, params: UserGroupParamsSchema, response: { 200: UserResponse } },
    },
    async (request) => {
      const { username, group } = request.params;
      const user = await service.removeGroup(request.user!, username, group);
      return ok({ user }, `Removed from ${group}.`);
    },
  );
};
