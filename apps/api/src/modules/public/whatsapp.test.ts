import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';

describe('GET /api/v1/whatsapp', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('answers the configured support number', async () => {
    app = await createTestApp({ WHATSAPP_NUMBER: '+15551234567' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/whatsapp' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ number: '+15551234567' }]);
    await expectContract('getWhatsapp', response);
  });

  it('answers an empty list when no number is configured', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/whatsapp' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    await expectContract('getWhatsapp', response);
  });

  it('needs no session', async () => {
    app = await createTestApp({ WHATSAPP_NUMBER: '+15551234567' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(response.statusCode).toBe(200);
  });
});
