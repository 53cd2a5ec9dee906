import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The outbox as a mailbox, so reset links and credentials are reachable without SMTP. Never in production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: {
          200: z.array(
            z.object({
              _id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string().nullable(),
              status: z.string(),
              createdAt: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const rows = (await app.ctx.mailer.listKept(100)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      const to = req.query.to?.toLowerCase();
      return to ? rows.filter((r) => r.to.toLowerCase() === to) : rows;
    },
  );
};
