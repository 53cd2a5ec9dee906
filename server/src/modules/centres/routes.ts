import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centreContactBody, centreSchema } from '@app/common/schemas/centres';
import { eq } from 'drizzle-orm';
import { centres } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { centreFilter } from '../../lib/record-scope.ts';
import { actorOf, requirePermission, scopeOf } from '../../plugins/auth.ts';

const centreParams = z.object({ id: z.string().trim().min(1).max(50) });

export const centreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/', { schema: { tags: ['centres'], response: { 200: z.array(centreSchema) } } }, async () =>
    ctx.db.select().from(centres).orderBy(centres.name),
  );

  // The back office's centre filters and pickers list these (docs/product-staff.md, "Centre scope"): a centre
  // manager's own centres, by name; everyone else's every centre.
  app.get(
    '/mine',
    { onRequest: requirePermission('centres.view'), schema: { tags: ['centres'], response: { 200: z.array(centreSchema) } } },
    async (req) =>
      ctx.db
        .select()
        .from(centres)
        .where(centreFilter(scopeOf(req), centres.id))
        .orderBy(centres.name),
  );

  // A centre's address and phone (docs/product.md section 15): the seed's values are the institute's to replace.
  app.put(
    '/:id',
    {
      onRequest: requirePermission('centres.manage'),
      schema: { tags: ['centres'], params: centreParams, body: centreContactBody, response: { 200: centreSchema } },
    },
    async (req) => {
      const after = await ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(centres).where(eq(centres.id, req.params.id)).for('update');
        if (!before) throw notFound('Centre not found');
        const [row] = await tx.update(centres).set(req.body).where(eq(centres.id, req.params.id)).returning();
        await recordAudit(tx, actorOf(req), 'centre.update', 'centre', row.id, before, row);
        return row;
      });
      // The public pages' footer lists the centres: pages rendered before the change are out of date.
      ctx.caches.publicReads.invalidate();
      return after;
    },
  );
};
