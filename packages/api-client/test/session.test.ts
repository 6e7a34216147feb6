import { ApiError, createApiClient, unwrap } from '@ledgerline/api-client';
import { mocks } from '@ledgerline/api-client/mocks';
import { expect, it, vi } from 'vitest';
import { baseUrl, useMockServer } from './mock-server';

const server = useMockServer();

it('ends the session when a request that carried a token answers 401', async () => {
  const onUnauthorized = vi.fn();
  const client = createApiClient({ baseUrl, getToken: () => 'test-token', onUnauthorized });
  server.use(mocks.getUserInfo.error(401, 'Your session has ended. Please sign in again.'));

  await expect(unwrap(client.GET('/users/user-info'))).rejects.toMatchObject({
    status: 401,
    msg: 'Your session has ended. Please sign in again.',
  });
  expect(onUnauthorized).toHaveBeenCalledOnce();
});

it('does not end a session on a 401 to a request without a token (a failed sign-in)', async () => {
  const onUnauthorized = vi.fn();
  const client = createApiClient({ baseUrl, getToken: () => null, onUnauthorized });
  server.use(mocks.login.error(401, 'Wrong email or password'));

  const error = await unwrap(
    client.POST('/auth/login', { body: { email: 'jane@example.com', password: 'wrong-password' } }),
  ).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401, msg: 'Wrong email or password' });
  expect(onUnauthorized).not.toHaveBeenCalled();
});

it('sends the token as a bearer credential', async () => {
  const client = createApiClient({ baseUrl, getToken: () => 'test-token' });
  const seen: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => seen.push(request.headers.get('Authorization')));
  server.use(mocks.logout());
  await unwrap(client.POST('/auth/logout'));
  server.events.removeAllListeners();
  expect(seen).toEqual(['Bearer test-token']);
});
