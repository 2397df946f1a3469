import { z } from 'zod';
import { PasswordInputSchema } from './fields';
import { RoleSchema, ROLES } from './roles';

/** A role name, typed as a Role, refused with `message` (or `missing` when absent). */
const roleSchema = (message: string, missing = message) =>
  z.enum(ROLES, { error: (issue) => (issue.input === undefined ? missing : message) });

/** A user as superadmins see it ('User (admin view)'). */
export const AdminUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['UNCONFIRMED', 'CONFIRMED']),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  groups: z.array(RoleSchema),
  created: z.string(),
  lastModified: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const UsersDashboardSchema = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  unconfirmed: z.number().int(),
  users: z.array(AdminUserSchema),
});
export type UsersDashboard = z.infer<typeof UsersDashboardSchema>;

/** PUT /admin/users/{username}: only these fields, each optional; at least one. */
export const UpdateUserRequestSchema = z
  .object({
    password: PasswordInputSchema.optional(),
    enabled: z.boolean().optional(),
    confirmed: z.boolean().optional(),
    emailVerified: z.boolean().optional(),
    /**
     * The user's whole set of roles after the save (not a change to apply): saved in the same
     * transaction as the other fields, so a save lands entirely or not at all.
     */
    groups: z
      .array(roleSchema(`groups must hold only ${ROLES.join(', ')}.`))
      .max(ROLES.length)
      .optional(),
  })
  .strict()
  .refine(
    (v) => Object.keys(v).length > 0,
    'Send at least one of password, enabled, confirmed, emailVerified, groups.',
  );
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

export const AddGroupRequestSchema = z
  .object({
    groupName: roleSchema(
      `groupName must be one of ${ROLES.join(', ')}.`,
      'groupName is required.',
    ),
  })
  .strict();

export const UserKeyParamsSchema = z.object({ username: z.string().min(1).max(254) }).strict();
export const UserGroupParamsSchema = z
  .object({
    username: z.string().min(1).max(254),
    group: roleSchema(`group must be one of ${ROLES.join(', ')}.`),
  })
  .strict();

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
