import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config';

/**
 * The security headers of every answer: a strict Content-Security-Policy (no inline script but the
 * prerendered pages' own, by hash), HSTS, nosniff, a referrer policy and no framing. helmet's
 * middleware is built once here (the Fastify wrapper builds it again on every request), then only
 * sets its headers on each answer.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'MARKET_IMAGE_ORIGINS'>,
  scriptHashes: string[],
): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered pages' inline scripts (the router's state) are allowed by their hashes only.
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'"],
        // Style attributes cannot run code; Radix writes a few (CSS variables) into prerendered HTML.
        styleSrcAttr: ["'unsafe-inline'"],
        // Coin images and sparklines come from the market data service's image hosts.
        imgSrc: ["'self'", 'data:', 'blob:', ...config.MARKET_IMAGE_ORIGINS],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
}
