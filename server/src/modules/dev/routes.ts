import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableDate, MSG } from '@app/common';
import { CHANNELS, NOTIFY_MSG } from '@app/common/schemas/notifications';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { JOBS } from '../notifications/jobs.ts';
import { listOutbox } from '../notifications/outbox.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Straight from this machine: the socket's own address is loopback and no proxy stands between (a
 * reverse proxy on the same machine makes every visitor look local, but says so in its forwarding headers).
 */
export function isFromThisMachine(req: FastifyRequest) {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(req.raw.socket.remoteAddress ?? '');
}

/**
 * The outbox as a mailbox, so reset links and credentials are reachable without SMTP. Never in production.
 * It holds reset links and temporary passwords, so only a signed-in admin reads it; before any admin
 * exists (nobody could sign in), a request from the server's own machine may.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    if (req.actor?.role === 'admin') return;
    if (req.actor) throw new AppError('FORBIDDEN', MSG.forbidden);
    if (isFromThisMachine(req)) {
      const [admin] = await app.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
        .limit(1);
      if (!admin) return;
    }
    throw new AppError('UNAUTHORIZED', MSG.mailboxAdminsOnly, undefined, req.signedOutReason ?? undefined);
  });

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
              channel: z.enum(CHANNELS),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string().nullable(),
              status: z.string(),
              createdAt: z.string(),
              attachments: z.array(z.object({ _id: z.string(), filename: z.string(), contentType: z.string(), size: z.number() })),
            }),
          ),
        },
      },
    },
    // Every channel's messages, newest first (docs/product-notifications.md): e-mail, SMS and WhatsApp.
    // An e-mail lists its attached files (a receipt PDF, docs/product-invoices.md).
    async (req) => {
      const rows = await listOutbox(app.ctx, { to: req.query.to, limit: 100 });
      const files = await app.ctx.mailer.listAttachments(rows.filter((r) => r.channel === 'email').map((r) => r._id));
      return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.mailId === r._id).map(({ mailId: _, ...f }) => f) }));
    },
  );

  // A scheduled job run now as if the clock read `now` (docs/product-notifications.md, "Trying the reminders").
  app.post(
    '/jobs/:name/run',
    {
      schema: {
        tags: ['dev'],
        params: z.object({ name: z.string().max(50) }),
        body: z
          .object({
            now: z
              .string()
              .max(40)
              .refine((v) => !Number.isNaN(Date.parse(v)) && isStorableDate(new Date(v)), NOTIFY_MSG.invalidNow)
              .optional(),
          })
          .nullish(),
        response: {
          200: z.object({ job: z.string(), now: z.string(), reminders: z.number().int(), messages: z.number().int() }),
        },
      },
    },
    async (req) => {
      const job = JOBS[req.params.name];
      if (!job || !Object.hasOwn(JOBS, req.params.name)) throw new AppError('NOT_FOUND', NOTIFY_MSG.jobNotFound);
      return job(app.ctx, req.body?.now ? new Date(req.body.now) : new Date());
    },
  );

  // A message's attachment (a receipt PDF), as the mail would have carried it.
  app.get(
    '/mailbox/attachments/:id',
    { schema: { tags: ['dev'], params: z.object({ id: z.uuid({ error: 'Not found' }) }) } },
    async (req, reply) => {
      const file = await app.ctx.mailer.findAttachment(req.params.id);
      if (!file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
