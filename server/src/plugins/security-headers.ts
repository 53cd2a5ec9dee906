import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { gatewayCspSources } from '../modules/payments/gateways/csp.ts';

/**
 * The security headers every answer carries (docs/security-verification.md, "Browser"): computed once, set by one synchronous
 * hook. They are those helmet sets by default with our CSP, frame-ancestors 'none', DENY framing and
 * strict-origin-when-cross-origin; building them per request was a seventh of a public read's cost (performance target, bench/README.md).
 */
function securityHeaders(config: Config): Record<string, string> {
  // The selected payment gateway's checkout script, frames and hosted page (docs/product.md section 11).
  const gateway = gatewayCspSources(config);
  const csp: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...gateway.scriptSrc]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...gateway.connectSrc]],
    ['frame-src', ["'self'", ...gateway.frameSrc]],
    ['form-action', ["'self'", ...gateway.formAction]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  return {
    'content-security-policy': csp.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** One synchronous hook for the headers every answer carries, its request id included (docs/operations.md, "Logs"). */
export function registerResponseHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    // Every answer names its request id, so a user's report can be matched to the log lines.
    reply.header('x-request-id', req.id);
    // HSTS only on an answer that went over HTTPS: TLS here, or behind a proxy saying so (x-forwarded-proto
    // is believed only with TRUST_PROXY). A browser ignores it over plain HTTP anyway; sending it there would
    // only pin a name that serves no HTTPS.
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
