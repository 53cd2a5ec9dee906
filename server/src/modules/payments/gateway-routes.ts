import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxCheckoutBody, sandboxCheckoutResponse } from '@app/common/schemas/payments';
import { requireStudent, scopeOf } from '../../plugins/auth.ts';
import { handleCallback, handleWebhook } from './callbacks.ts';
import { gatewayOf } from './gateways/index.ts';
import { SandboxGateway } from './gateways/sandbox.ts';
import { renderHostedError, renderHostedPage } from './sandbox-page.ts';
import { runSandboxCheckout } from './service.ts';

const gatewayParams = z.object({ gateway: z.string().max(20) });
const formFields = z.record(z.string(), z.string());

const parseForm = (body: string) => {
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
  return fields;
};

/** Routes the gateways (and the browser coming back from them) call. */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['payments'];

  // Form posts (the hosted page, the gateway's return). @fastify/formbody is not installed; this
  // parser is encapsulated in this plugin, so nothing else in the API accepts urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });

  app.post(
    '/sandbox/checkout/:orderId',
    {
      onRequest: requireStudent,
      schema: {
        tags,
        params: z.object({ orderId: z.string().max(100) }),
        body: sandboxCheckoutBody,
        response: { 200: sandboxCheckoutResponse },
      },
    },
    async (req) => runSandboxCheckout(ctx, scopeOf(req), req.params.orderId, req.body.action),
  );

  app.post('/sandbox/hosted', { schema: { tags, body: formFields } }, async (req, reply) => {
    const gateway = gatewayOf(ctx);
    const page = gateway instanceof SandboxGateway ? await gateway.openHostedPage(req.body) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!page) {
      req.log.warn('sandbox hosted page refused: bad or unknown order');
      return reply.status(400).send(renderHostedError());
    }
    return reply.send(renderHostedPage(page));
  });

  app.post('/callback/:gateway', { schema: { tags, params: gatewayParams, body: formFields } }, async (req, reply) => {
    const location = await handleCallback(ctx, req.log, req.params.gateway, req.body);
    return reply.redirect(location, 303);
  });

  // Webhooks are verified on the exact bytes received, so this scope keeps every body raw.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    raw.post('/webhooks/:gateway', { schema: { tags, params: gatewayParams } }, async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await handleWebhook(ctx, req.log, req.params.gateway, body, req.headers);
      return reply.status(result.status).send(result.body);
    });
  });
};
