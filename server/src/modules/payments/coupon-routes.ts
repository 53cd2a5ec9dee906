import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import { couponBody, couponPatchBody, couponSchema } from '@app/common/schemas/coupons';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { createCoupon, deleteCoupon, findCoupons, updateCoupon } from './coupons.ts';

const tags = ['payments'];

/** /api/coupons: the admin's coupons (docs/product.md, "Coupons"). */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/', { onRequest: requirePermission('coupons.manage'), schema: { tags, response: { 200: z.array(couponSchema) } } }, async () =>
    findCoupons(ctx),
  );
  app.post(
    '/',
    { onRequest: requirePermission('coupons.manage'), schema: { tags, body: couponBody, response: { 201: couponSchema } } },
    async (req, reply) => reply.status(201).send(await createCoupon(ctx, actorOf(req), req.body)),
  );
  app.patch(
    '/:id',
    {
      onRequest: requirePermission('coupons.manage'),
      schema: { tags, params: idParams, body: couponPatchBody, response: { 200: couponSchema } },
    },
    async (req) => updateCoupon(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { onRequest: requirePermission('coupons.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => deleteCoupon(ctx, actorOf(req), req.params.id),
  );
};
