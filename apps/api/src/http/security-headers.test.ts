import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';

let app: FastifyInstance;
afterEach(() => app.close());

/** A Content-Security-Policy header as its directives, each with its sources. */
function parsePolicy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const directive of String(header).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears twice`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** A site with one prerendered page whose inline script the policy allows by its hash. */
function siteWithInlineScript(scriptHash: string): string {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  writeFileSync(
    path.join(siteDir, 'index.html'),
    '<!doctype html><title>Ledgerline</title><div id="root"></div>',
  );
  writeFileSync(path.join(siteDir, 'csp.json'), JSON.stringify({ scriptHashes: [scriptHash] }));
  return siteDir;
}

const scriptHash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const answers = [
  '/',
  '/dashboard/overview',
  '/api/v1/whatsapp',
  '/api/v1/no-such-thing',
  '/healthz',
  '/api/v1/users/user-info',
];

describe('security headers', () => {
  it('sends every answer a Content-Security-Policy that runs and styles nothing inline', async () => {
    app = await createTestApp({ SITE_DIR: siteWithInlineScript(scriptHash) });
    for (const url of answers) {
      const response = await app.inject({ method: 'GET', url });
      const policy = parsePolicy(response.headers['content-security-policy']);
      expect(Object.fromEntries(policy), url).toEqual({
        'default-src': ["'self'"],
        // Scripts from our origin, and the prerendered pages' own inline scripts by hash: nothing else.
        'script-src': ["'self'", scriptHash],
        // Stylesheets from our origin, and Radix Select's one fixed <style> by its hash.
        'style-src': ["'self'", "'sha256-441zG27rExd4/il+NvIqyL8zFx5XmyNQtE381kSkUJk='"],
        // Style attributes in HTML are refused too; scripts still set styles through the CSSOM.
        'style-src-attr': ["'none'"],
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          'https://coin-images.coingecko.com',
          'https://assets.coingecko.com',
          'https://www.coingecko.com',
        ],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      for (const [name, sources] of policy) {
        for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*']) {
          expect(sources, `${url}: ${name}`).not.toContain(unsafe);
        }
      }
      const scriptSources = policy.get('script-src') ?? [];
      expect(scriptSources.filter((source) => source !== "'self'")).toSatisfy((others: string[]) =>
        others.every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)),
      );
    }
  });

  it('sends HSTS for at least 180 days, subdomains included, on every answer', async () => {
    app = await createTestApp();
    for (const url of answers) {
      const response = await app.inject({ method: 'GET', url });
      const hsts = String(response.headers['strict-transport-security']);
      const parts = hsts.split(';').map((part) => part.trim().toLowerCase());
      const maxAge = parts.find((part) => part.startsWith('max-age='));
      expect(maxAge, hsts).toMatch(/^max-age=\d+$/);
      expect(Number(maxAge?.slice('max-age='.length))).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
      expect(parts).toContain('includesubdomains');
    }
  });

  it('sends nosniff, no framing and a Referrer-Policy on every answer', async () => {
    app = await createTestApp();
    for (const url of answers) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
