import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { createTestApp, testSecretsKey } from './testing/app';
import { expectContract } from './testing/contract';
import { testDatabase } from './testing/database';

let app: FastifyInstance;
afterEach(() => app.close());

describe('the v1 API answers every error as { msg } with its status', () => {
  it('answers 404 { msg } for an unknown API route', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ msg: 'Not found: GET /api/v1/no-such-thing' });
  });

  it('answers { msg } without details when something fails on our side', async () => {
    app = await buildApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, SITE_DIR: '/nonexistent-site' }),
      database: await testDatabase(),
    });
    app.get('/api/v1/test-failure', async () => {
      throw new Error('connection string postgres://secret@db/ledgerline refused');
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ msg: 'Something went wrong on our side. Please try again.' });
  });

  it.each([
    ['a missing field', { email: 'jane@example.com' }, 'password is required'],
    [
      'a wrong type, without coercion',
      { email: 'jane@example.com', password: 12345678 },
      'password must be string',
    ],
    [
      'an extra field',
      { email: 'jane@example.com', password: 'x', role: 'admin' },
      'role is not an accepted field',
    ],
    ['an invalid email', { email: 'jane', password: 'x' }, 'email must be a valid email address'],
  ])('refuses %s with 400 naming the field', async (_case, payload, msg) => {
    app = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
    await expectContract('login', response);
  });

  it('refuses a query parameter of the wrong type', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/market/coins?unknown=1' });
    // Unknown query parameters are ignored; a malformed known one is not:
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/transaction-history?limit=many',
      headers: { authorization: 'Bearer x' },
    });
    expect(response.statusCode).not.toBe(400);
    expect([400, 401]).toContain(bad.statusCode);
  });

  it('refuses broken JSON with 400', async () => {
    app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "jane@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'body must be valid JSON' });
  });

  it('refuses a body over the size limit with 413', async () => {
    app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      payload: { name: 'Jane', email: 'jane@example.com', message: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ msg: 'Request body is too large' });
  });

  it.each(['text/xml', 'text/csv', 'image/png'])(
    'refuses an unsupported Content-Type (%s) with 415',
    async (type) => {
      app = await createTestApp();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': type },
        payload: '<login/>',
      });
      await expectContract('login', response);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ msg: 'Unsupported Content-Type' });
    },
  );

  it('answers 401 { msg } to a signed-in call without a valid session', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/users/user-info' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Your session has ended. Please sign in again.' });
    await expectContract('getUserInfo', response);
  });
});

describe('the site and the API share one origin', () => {
  it('serves the built site, and its app shell for client-side routes', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
    writeFileSync(
      path.join(siteDir, 'index.html'),
      '<!doctype html><title>Ledgerline</title><div id="root"></div>',
    );
    app = await createTestApp({ SITE_DIR: siteDir });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const deep = await app.inject({ method: 'GET', url: '/dashboard/overview' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('msg');
  });

  it('serves prerendered pages by path, the shell elsewhere, with their caching and script hashes', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
    const shell = '<!doctype html><title>Ledgerline</title><div id="root"></div>';
    writeFileSync(path.join(siteDir, 'index.html'), shell.replace('<div id="root">', '<div id="root">home'));
    writeFileSync(path.join(siteDir, 'shell.html'), shell);
    mkdirSync(path.join(siteDir, 'about-us'));
    writeFileSync(
      path.join(siteDir, 'about-us', 'index.html'),
      shell.replace('<div id="root">', '<div id="root">about'),
    );
    mkdirSync(path.join(siteDir, 'assets'));
    writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js.br'), 'brotli bytes');
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    writeFileSync(
      path.join(siteDir, 'csp.json'),
      JSON.stringify({ scriptHashes: [hash, "'unsafe-inline'"] }),
    );
    app = await createTestApp({ SITE_DIR: siteDir });

    const about = await app.inject({ method: 'GET', url: '/about-us?utm=x' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<div id="root">about');
    expect((await app.inject({ method: 'GET', url: '/about-us/' })).statusCode).toBe(200);
    expect(about.headers['cache-control']).toBe('no-cache');
    const csp = about.headers['content-security-policy'] as string;
    // Only hashes from the build's file are trusted, never other sources it might list.
    expect(csp.split(';')).toContain(`script-src 'self' ${hash}`);
    // Public pages are for search engines; the signed-in pages the shell starts are not.
    expect(about.headers['x-robots-tag']).toBeUndefined();
    const deep = await app.inject({ method: 'GET', url: '/dashboard/overview' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(shell);
    expect(deep.headers['x-robots-tag']).toBe('noindex, nofollow');
    const admin = await app.inject({ method: 'GET', url: '/admin/deposits' });
    expect(admin.body).toBe(shell);
    expect(admin.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await app.inject({ method: 'GET', url: '/about-us/../etc/passwd' })).body).not.toContain('about');

    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.body).toBe('brotli bytes');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a path the app has no page for 404, with the shell that shows the not-found page', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
    const shell = '<!doctype html><title>Ledgerline</title><div id="root"></div>';
    writeFileSync(path.join(siteDir, 'index.html'), shell.replace('<div id="root">', '<div id="root">home'));
    writeFileSync(path.join(siteDir, 'shell.html'), shell);
    writeFileSync(
      path.join(siteDir, 'routes.json'),
      JSON.stringify({ paths: ['/', '/dashboard', '/dashboard/overview', '/sign-up', '/plans/$planId'] }),
    );
    app = await createTestApp({ SITE_DIR: siteDir });

    for (const url of ['/dashboard/overview', '/dashboard/', '/sign-up?ref=abc', '/plans/gold']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(shell);
    }
    for (const url of ['/anything', '/dashboard/whatever', '/sign-up/more', '/plans', '/plans/gold/x']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toBe(shell);
    }
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});
