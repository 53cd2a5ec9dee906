import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponse } from '@app/common/schemas/auth';
import { PARENT_MSG, parentCodeBody, parentPasswordLoginBody, parentVerifyBody } from '@app/common/schemas/parents';
import { requestParentCode } from './codes.ts';
import { loginParentWithPassword, TooManyTries, verifyParentCode } from './sign-in.ts';

// /api/auth/parent: a parent's sign-in by a one-time code to their phone, or by phone and password
// (docs/product-parents.md "Signing in"). The per-address limits are broad, as the sign-in's are: the
// real brakes are the hourly code limits and the tries per code kept in the database.
const SIGN_IN_LIMIT = { max: 600, timeWindow: '1 minute' };

export const parentAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['auth'];

  app.post(
    '/code',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: { tags, body: parentCodeBody, response: { 202: z.object({ message: z.string() }) } },
    },
    async (req, reply) => {
      // The ask is counted and the code sent once the answer has gone out (as forgot-password's link is), so
      // the answer takes the same time whether or not the phone is a parent's, and past the limits too.
      const { phone } = req.body;
      const address = req.ip;
      ctx.afterReply.run(reply, 'parent-code', () => requestParentCode(ctx, phone, address));
      return reply.status(202).send({ message: PARENT_MSG.codeSent });
    },
  );

  app.post(
    '/verify',
    { config: { rateLimit: SIGN_IN_LIMIT }, schema: { tags, body: parentVerifyBody, response: { 200: loginResponse } } },
    async (req, reply) => {
      try {
        return await verifyParentCode(ctx, req.body.phone, req.body.code);
      } catch (err) {
        if (err instanceof TooManyTries) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.post(
    '/login',
    { config: { rateLimit: SIGN_IN_LIMIT }, schema: { tags, body: parentPasswordLoginBody, response: { 200: loginResponse } } },
    async (req) => loginParentWithPassword(ctx, req.body.phone, req.body.password, req.ip),
  );
};
