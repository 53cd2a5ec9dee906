import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/common';
import {
  changePasswordBody,
  changePasswordResponse,
  createAdminBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  profileResponse,
  resetPasswordBody,
  userSchema,
} from '@app/common/schemas/auth';
import { AppError } from '../../lib/errors.ts';
import { actorOf, requireAccount, requireAdmin } from '../../plugins/auth.ts';
import { createAdmin, endAllSessions, findUserWithCentre, requestPasswordReset, resetPassword, revokeToken } from './service.ts';
import { login } from './sign-in.ts';
import { changePassword } from './change-password.ts';

// Broad per-address limits: a whole exam hall behind one address must be able to sign in at once
// (docs/product.md section 4); the lockout per e-mail and address (sign-in.ts) is the real brake on guessing.
const LOGIN_LIMIT = { max: 600, timeWindow: '1 minute' };
const FORGOT_LIMIT = { max: 30, timeWindow: '15 minutes' };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/login',
    { config: { rateLimit: LOGIN_LIMIT }, schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse } } },
    async (req) => login(ctx, req.body.email, req.body.password, req.ip),
  );

  app.get('/profile', { onRequest: requireAccount, schema: { tags: ['auth'], response: { 200: profileResponse } } }, async (req) => {
    const user = await findUserWithCentre(ctx, actorOf(req).id);
    if (!user) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
    return { ...user, user };
  });

  // Self-registration is disabled (docs/product.md section 1).
  app.post('/register', { schema: { tags: ['auth'] } }, async () => {
    throw new AppError('FORBIDDEN', MSG.registrationDisabled);
  });

  app.post(
    '/forgot-password',
    { config: { rateLimit: FORGOT_LIMIT }, schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (req, reply) => {
      await requestPasswordReset(ctx, req.body.email, req.ip, (work) => ctx.afterReply.run(reply, 'forgot-password', work));
      return { message: MSG.forgotSent };
    },
  );

  app.post(
    '/reset-password/:token',
    {
      config: { rateLimit: FORGOT_LIMIT },
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().min(1).max(200) }),
        body: resetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.params.token, req.body.password);
      return { message: MSG.resetSuccess };
    },
  );

  // Limited per address like sign-in; wrong current passwords lock per account in the service.
  app.post(
    '/change-password',
    {
      onRequest: requireAccount,
      config: { rateLimit: LOGIN_LIMIT },
      schema: { tags: ['auth'], body: changePasswordBody, response: { 200: changePasswordResponse } },
    },
    async (req) => changePassword(ctx, actorOf(req), req.body),
  );

  app.post(
    '/logout',
    {
      onRequest: requireAccount,
      schema: { tags: ['auth'], body: z.object({ everywhere: z.boolean().optional() }).optional(), response: { 200: messageResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      if (req.body?.everywhere) await endAllSessions(ctx, actor.id);
      // This token stops working on every instance, whatever the client does with its copy.
      else if (actor.tokenId && actor.tokenExpiresAt) await revokeToken(ctx, actor.tokenId, actor.tokenExpiresAt);
      return { message: req.body?.everywhere ? 'Signed out on every device' : 'Signed out' };
    },
  );

  app.post(
    '/create-admin',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['auth'],
        body: createAdminBody,
        response: { 201: z.object({ message: z.string(), user: userSchema }) },
      },
    },
    async (req, reply) => {
      const { confirmPassword: _c, ...input } = req.body;
      const user = await createAdmin(ctx, actorOf(req), input);
      return reply.status(201).send({ message: MSG.adminCreated, user });
    },
  );
};
