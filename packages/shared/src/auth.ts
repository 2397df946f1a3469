import { z } from 'zod';
import { CodeSchema, EmailSchema, NameSchema, PasswordInputSchema } from './fields';
import { RoleSchema } from './roles';

/** Requests and responses of /api/auth. */
export const RegisterRequestSchema = z
  .object({ email: EmailSchema, password: PasswordInputSchema, name: NameSchema })
  .strict();
export const ConfirmRequestSchema = z.object({ email: EmailSchema, code: CodeSchema }).strict();
export const EmailOnlyRequestSchema = z.object({ email: EmailSchema }).strict();
export const LoginRequestSchema = z
  .object({ email: EmailSchema, password: PasswordInputSchema })
  .strict();
export const RefreshRequestSchema = z
  .object({ refreshToken: z.string().min(1, 'refreshToken is required.').max(200) })
  .strict();
export const ConfirmForgotPasswordRequestSchema = z
  .object({ email: EmailSchema, code: CodeSchema, newPassword: PasswordInputSchema })
  .strict();
export const ChangePasswordRequestSchema = z
  .object({ currentPassword: PasswordInputSchema, newPassword: PasswordInputSchema })
  .strict();
export const UpdateMeRequestSchema = z.object({ name: NameSchema }).strict();

export const TokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof TokensSchema>;

/**
 * What POST /auth/resend-code and /auth/forgot-password answer, the same whether or not the
 * address has an account: how long until another code may be asked for that address.
 */
export const CodeSentSchema = z.object({ nextCodeInSeconds: z.number().int().min(0) });
export type CodeSent = z.infer<typeof CodeSentSchema>;

export const UserStatusSchema = z.enum(['UNCONFIRMED', 'CONFIRMED']);

/** The signed-in user as GET /auth/me returns it. */
export const MeSchema = z.object({
  username: z.string(),
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  groups: z.array(RoleSchema),
  status: UserStatusSchema,
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Me = z.infer<typeof MeSchema>;

/** Claims of the id and access tokens. */
export interface TokenClaims {
  sub: string;
  email: string;
  name: string;
  groups: string[];
  token_use: 'id' | 'access';
  exp: number;
  iat: number;
}
