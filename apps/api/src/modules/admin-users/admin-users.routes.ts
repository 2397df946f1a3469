import {
  AddGroupRequestSchema,
  AdminUserSchema,
  AuditEntrySchema,
  UpdateUserRequestSchema,
  UserGroupParamsSchema,
  UserKeyParamsSchema,
  UsersDashboardSchema,
} from '@exemplar/shared/admin-users';
import { successSchema } from '@exemplar/shared/api';
import { IdParamSchema } from '@exemplar/shared/fields';
import { PERMISSIONS, permissionsOf, RoleSchema, highestRole } from '@exemplar/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../audit/audit.repository';

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
    async (request) => ({
      success: true as const,
      data: {
        role: highestRole(request.user!.groups),
        permissions: permissionsOf(request.user!.groups),
      },
    }),
  );

  app.get(
    '/admin/users/dashboard',
    {
      onRequest: manage,
      schema: { tags, response: { 200: successSchema(UsersDashboardSchema) } },
    },
    async () => ({ success: true as const, data: await service.dashboard() }),
  );

  app.get(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: { tags, params: UserKeyParamsSchema, response: { 200: UserResponse } },
    },
    async (request) => ({
      success: true as const,
      data: { user: await service.get(request.params.username) },
    }),
  );

  app.put(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: {
        tags,
        params: UserKeyParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UserResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'User updated successfully.',
      data: { user: await service.update(request.user!, request.params.username, request.body) },
    }),
  );

  app.delete(
    '/admin/users/:username',
    {
      onRequest: manage,
      schema: { tags, params: UserKeyParamsSchema, response: { 200: successSchema(z.null()) } },
    },
    async (request) => {
      await service.remove(request.user!, request.params.username);
      return { success: true as const, message: 'User deleted successfully.', data: null };
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
    async (request) => ({
      success: true as const,
      message: `Added to ${request.body.groupName}.`,
      data: {
        user: await service.addGroup(
          request.user!,
          request.params.username,
          request.body.groupName as 'superadmin' | 'admin' | 'basic',
        ),
      },
    }),
  );

  app.delete(
    '/admin/users/:username/groups/:group',
    {
      onRequest: manage,
      schema: { tags, params: UserGroupParamsSchema, response: { 200: UserResponse } },
    },
    async (request) => ({
      success: true as const,
      message: `Removed from ${request.params.group}.`,
      data: {
        user: await service.removeGroup(
          request.user!,
          request.params.username,
          request.params.group,
        ),
      },
    }),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: app.requirePermission('audit:read'),
      schema: {
        tags,
        querystring: z
          .object({
            limit: z
              .string()
              .regex(/^\d{1,3}$/)
              .transform(Number)
              .pipe(z.number().min(1).max(200))
              .optional(),
            before: IdParamSchema.optional(),
          })
          .strict(),
        response: { 200: successSchema(z.object({ entries: z.array(AuditEntrySchema) })) },
      },
    },
    async (request) => {
      const rows = await listAudit(
        app.database.db,
        request.query.limit ?? 50,
        request.query.before,
      );
      return {
        success: true as const,
        data: {
          entries: rows.map((r) => ({
            id: r.id,
            actor: r.actor ?? null,
            action: r.action,
            targetType: r.target_type,
            targetId: r.target_id,
            details: JSON.parse(r.details) as Record<string, unknown>,
            createdAt: r.created_at,
          })),
        },
      };
    },
  );
};
