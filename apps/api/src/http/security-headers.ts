import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config';

/**
 * The one <style> element a page may hold: the rules Radix Select's open list renders to hide its
 * own scrollbar, exactly this text (a new version that changes it fails the CSP end-to-end test).
 */
const selectViewportStyle =
  '[data-radix-select-viewport]{scrollbar-width:none;-ms-overflow-style:none;-webkit-overflow-scrolling:touch;}[data-radix-select-viewport]::-webkit-scrollbar{display:none}';
export const selectViewportStyleHash = `'sha256-${createHash('sha256').update(selectViewportStyle).digest('base64')}'`;

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
        // Stylesheets from our origin only, and one <style> element by its hash: no other <style>
        // and no style attributes in HTML (the prerendered pages carry none). Scripts still set
        // styles through the CSSOM, which CSP allows.
        styleSrc: ["'self'", selectViewportStyleHash],
        styleSrcAttr: ["'none'"],
        // Coin images and sparklines come from the market data service's image hosts.
        imgSrc: ["'self'", 'data:', 'blob:', ...config.MARKET_IMAGE_ORIGINS],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // Every URL on our pages is absolute from the root: no <base> may redirect them elsewhere.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Browsers use HTTPS only for this host and its subdomains, for a year (never less than 180 days).
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
}
