import { type ApiClient, createApiClient } from '@ledgerline/api-client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const baseUrl = 'http://127.0.0.1:3000/api/v1';

/** An msw server for one test file: no handlers at first, so each test names the answers it wants. */
export function useMockServer() {
  const server = setupServer();
  // A request no handler answers is a broken mock path, not something to let through to the network.
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** The client as the dashboard makes it, signed in. */
export function signedInClient(): ApiClient {
  return createApiClient({ baseUrl, getToken: () => 'test-token' });
}
