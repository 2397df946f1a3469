import { successSchema } from '@exemplar/shared/api';
import {
  ChangePasswordRequestSchema,
  CodeSentSchema,
  ConfirmForgotPasswordRequestSchema,
  ConfirmRequestSchema,
  EmailOnlyRequestSchema,
  LoginRequestSchema,
  MeSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  TokensSchema,
  UpdateMeRequestSchema,
} from '@exemplar/shared/auth';
import { PreferencesSchema, UpdatePreferencesRequestSchema } from '@exemplar/shared/preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from './auth.plugin';
import { z } from 'zod';
import { done, ok } from '../../lib/envelope';
import { perAccount, perAddress } from '../../plugins/external/rate-limit';
import { codeRequestMessage } from './codes.service';

const tags = ['auth'];
const MessageOnly = successSchema(z.null());
const CodeSent = successSchema(CodeSentSchema);
/**
 * Logins one address may send a minute: a school's learners signing in at 9:00 behind one public
 * address. Guessing one account's password is stopped by its lock-out (login-lockout.ts), not by
 * this limit.
 */
export const LOGINS_PER_ADDRESS_PER_MINUTE = 600;
/** Preference saves one account may make a minute: a learner flicking a switch, with room to spare. */
export const PREFERENCE_SAVES_PER_MINUTE = 60;
const Preferences = successSchema(z.object({ preferences: PreferencesSchema }));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.auth;
  // Every answer here is personal (tokens, codes, the caller's account), errors included: no
  // browser or proxy may keep a copy. Set first, so even a rate-limit or validation error has it.
  app.addHook('onRequest', noStore);

  app.post(
    '/auth/register',
    {
      config: perAddress(10),
      schema: {
        tags,
        body: RegisterRequestSchema,
        response: {
          201: successSchema(
            z.object({ username: z.string(), email: z.string() }).extend(CodeSentSchema.shape),
          ),
        },
      },
    },
    async (request, reply) => {
      const data = await auth.register(request.body);
      return reply
        .status(201)
        .send(
          ok(data, 'Registration successful. Please check your email for the verification code.'),
        );
    },
  );

  app.post(
    '/auth/confirm',
    {
      config: perAddress(30),
      schema: { tags, body: ConfirmRequestSchema, response: { 200: MessageOnly } },
    },
    async (request) => {
      await auth.confirm(request.body.email, request.body.code);
      return done('Account confirmed successfully.');
    },
  );

  app.post(
    '/auth/resend-code',
    {
      config: perAddress(5),
      schema: { tags, body: EmailOnlyRequestSchema, response: { 200: CodeSent } },
    },
    async (request) => {
      const { email } = request.body;
      const answer = await auth.resendCode(email);
      return ok(
        answer.data,
        codeRequestMessage(answer, email, 'a new code', 'an account waiting for confirmation'),
      );
    },
  );

  app.post(
    '/auth/login',
    {
      config: perAddress(LOGINS_PER_ADDRESS_PER_MINUTE),
      schema: { tags, body: LoginRequestSchema, response: { 200: successSchema(TokensSchema) } },
    },
    async (request) =>
      ok(
        await auth.login(request.body.email, request.body.password, request.ip),
        'Login successful.',
      ),
  );

  app.post(
    '/auth/refresh',
    {
      config: perAddress(60),
      schema: { tags, body: RefreshRequestSchema, response: { 200: successSchema(TokensSchema) } },
    },
    async (request) => ok(await auth.refresh(request.body.refreshToken)),
  );

  app.post(
    '/auth/logout',
    { schema: { tags, body: RefreshRequestSchema, response: { 200: MessageOnly } } },
    async (request) => {
      await auth.logout(request.body.refreshToken);
      return done('Signed out.');
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perAddress(5),
      schema: { tags, body: EmailOnlyRequestSchema, response: { 200: CodeSent } },
    },
    async (request) => {
      const { email } = request.body;
      const answer = await auth.forgotPassword(email);
      return ok(answer.data, codeRequestMessage(answer, email, 'a reset code', 'an account'));
    },
  );

  app.post(
    '/auth/confirm-forgot-password',
    {
      config: perAddress(30),
      schema: { tags, body: ConfirmForgotPasswordRequestSchema, response: { 200: MessageOnly } },
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      await auth.confirmForgotPassword(email, code, newPassword);
      return done('Password reset successfully.');
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: { tags, response: { 200: successSchema(z.object({ user: MeSchema })) } },
    },
    async (request) => ok({ user: await auth.me(request.user!.id) }),
  );

  app.patch(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        body: UpdateMeRequestSchema,
        response: { 200: successSchema(z.object({ user: MeSchema })) },
      },
    },
    async (request) =>
      ok({ user: await auth.updateMe(request.user!.id, request.body.name) }, 'Profile updated.'),
  );

  app.get(
    '/me/preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's preferences",
        description:
          'tryFirst: whether an example page keeps its answer and procedure folded until the learner checks an answer or opens them; on for every account until its learner turns it off.',
        response: { 200: Preferences },
      },
    },
    async (request) => ok({ preferences: await auth.preferences(request.user!.id) }),
  );

  app.patch(
    '/me/preferences',
    {
      onRequest: app.requireUser,
      config: perAccount({
        account: PREFERENCE_SAVES_PER_MINUTE,
        visitor: PREFERENCE_SAVES_PER_MINUTE,
        address: PREFERENCE_SAVES_PER_MINUTE * 100,
      }),
      schema: {
        tags,
        summary: "Change the caller's preferences",
        description: `Only the preferences sent change; at least one must be sent (400, as for an unknown one or a value of the wrong kind, and nothing changes). Answers all of them as saved. At most ${PREFERENCE_SAVES_PER_MINUTE} saves a minute per account (429).`,
        body: UpdatePreferencesRequestSchema,
        response: { 200: Preferences },
      },
    },
    async (request) =>
      ok(
        { preferences: await auth.updatePreferences(request.user!.id, request.body) },
        'Preferences saved.',
      ),
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.requireUser,
      config: perAddress(10),
      schema: { tags, body: ChangePasswordRequestSchema, response: { 200: MessageOnly } },
    },
    async (request) => {
      await auth.changePassword(
        request.user!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return done('Password changed. Your other sessions have been signed out.');
    },
  );

  // Public keys, the same for everyone: cacheable, unlike everything else here.
  app.get('/.well-known/jwks.json', { schema: { tags } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.keyring.jwks();
  });
};
