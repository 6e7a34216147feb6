import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { fixtures, mocks, pageOf, type SentRequest } from '@ledgerline/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { signedInClient, useMockServer } from './mock-server';

const server = useMockServer();
const client = signedInClient();
const jane = fixtures.people.jane._id;

function post(key: string) {
  return client.POST('/admin/users/{userId}/ledger-entries', {
    params: { path: { userId: jane }, header: { 'Idempotency-Key': key } },
    body: { kind: 'bonus', amount: 12.34, memo: 'Goodwill bonus' },
  });
}

describe('an operation mock', () => {
  it('records each request, typed, and lets the next handler answer it', async () => {
    const sent: SentRequest<Schemas['LedgerEntryRequest']>[] = [];
    server.use(mocks.adminPostLedgerEntry.record(sent), mocks.adminPostLedgerEntry());
    const answer = await unwrap(post('key-00000001'));
    expect(answer).toEqual(fixtures.ledgerEntryProposed);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ kind: 'bonus', amount: 12.34, memo: 'Goodwill bonus' });
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe('key-00000001');
    expect(sent[0]?.params).toMatchObject({ userId: jane });
  });

  it('answers once with a handler made `once`, then with the next', async () => {
    server.use(
      mocks.adminPostLedgerEntry.networkError({ once: true }),
      mocks.adminPostLedgerEntry.error(409, 'Conflict', { once: true }),
      mocks.adminPostLedgerEntry(),
    );
    await expect(unwrap(post('key-00000002'))).rejects.toMatchObject({ status: 0 });
    const conflict = await unwrap(post('key-00000002')).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, msg: 'Conflict' });
    await expect(unwrap(post('key-00000002'))).resolves.toEqual(fixtures.ledgerEntryProposed);
  });

  it('makes a body from the request when given a function, as a story pages its own rows', async () => {
    const rows = fixtures.auditLog.slice(0, 5);
    server.use(mocks.adminListAuditLog({ body: ({ url }) => pageOf(rows, url.searchParams) }));
    const first = await unwrap(client.GET('/admin/audit-log', { params: { query: { limit: 3 } } }));
    expect(first.items).toEqual(rows.slice(0, 3));
    const cursor = first.nextCursor ?? undefined;
    const second = await unwrap(client.GET('/admin/audit-log', { params: { query: { limit: 3, cursor } } }));
    expect(second).toEqual({ items: rows.slice(3), nextCursor: null });
  });
});
