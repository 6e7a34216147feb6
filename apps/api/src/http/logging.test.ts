import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { newAddress, registerVerified } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { loggableUrl, loggerOptions } from './logging';

describe('logs', () => {
  it('are JSON lines with request ids, and never carry a password or a token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createTestApp(
      {},
      { logger: { ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })), stream } },
    );
    try {
      const account = await registerVerified(app);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: account.password },
        remoteAddress: newAddress(),
      });
      const { token } = login.json();
      await app.inject({
        method: 'GET',
        url: `/api/v1/users/user-info?fields=email&token=${token}`,
        headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
      });
      await app.inject({
        method: 'POST',
        url: `/api/v1/auth/verify-email?verificationToken=${token}`,
        payload: { email: account.email, verificationToken: token },
      });
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(5);
    // A clean start: no warnings about the contract's media types.
    expect(lines.join('\n')).not.toContain('ContentTypeParser');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestEntries = entries.filter((entry) => entry.req !== undefined);
    expect(requestEntries.length).toBeGreaterThan(0);
    for (const entry of requestEntries) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const all = lines.join('\n');
    expect(all).toContain('token=%5Bredacted%5D');
    const secrets = [/plum-orbit-lantern-/];
    for (const secret of secrets) expect(all).not.toMatch(secret);
    const tokens = [...all.matchAll(/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]);
    expect(tokens).toEqual([]);
  });

  it('redact secret-looking query parameters from URLs', () => {
    expect(loggableUrl('/x?email=a%40b.c&token=abc&verificationToken=def')).toBe(
      '/x?email=a%40b.c&token=%5Bredacted%5D&verificationToken=%5Bredacted%5D',
    );
    expect(loggableUrl('/api/v1/whatsapp')).toBe('/api/v1/whatsapp');
  });
});
