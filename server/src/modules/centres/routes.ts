import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centreSchema } from '@app/common/schemas/centres';
import { centres } from '../../db/schema.ts';

export const centreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['centres'], response: { 200: z.array(centreSchema) } } }, async () =>
    app.ctx.db.select().from(centres).orderBy(centres.name),
  );
};
