import { unwrap } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { signedInClient, useMockServer } from './mock-server';

const server = useMockServer();
const client = signedInClient();
const { jane, admin } = fixtures.people;

describe('reviews', () => {
  it('approves the deposit the path names', async () => {
    server.use(mocks.adminApproveDeposit());
    const { deposit } = await unwrap(
      client.POST('/admin/deposits/{depositId}/approve', {
        params: { path: { depositId: fixtures.marcusPendingDeposit._id } },
      }),
    );
    expect(deposit).toMatchObject({
      _id: fixtures.marcusPendingDeposit._id,
      status: 'approved',
      reviewedBy: admin,
    });
    expect(deposit.resolvedAt).not.toBeNull();
  });

  it('rejects with the reason the admin typed', async () => {
    server.use(mocks.adminRejectWithdrawal());
    const reason = 'Please complete identity verification (KYC) before withdrawing.';
    const { withdrawal } = await unwrap(
      client.POST('/admin/withdrawals/{withdrawalId}/reject', {
        params: { path: { withdrawalId: fixtures.priyaPendingWithdrawal._id } },
        body: { reason },
      }),
    );
    expect(withdrawal).toMatchObject({ status: 'rejected', reason, user: fixtures.people.priya });
  });
});

describe('lists', () => {
  it('filters deposits by status and user, newest first', async () => {
    server.use(mocks.adminListDeposits());
    const pending = await unwrap(client.GET('/admin/deposits', { params: { query: { status: 'pending' } } }));
    expect(pending.items.map(({ ref }) => ref)).toEqual(['DEP-1A6S9D4F', 'DEP-8R3T6Y1U', 'DEP-5G2H7J3K']);
    expect(pending.items.every(({ reviewedBy }) => reviewedBy === null)).toBe(true);

    const janes = await unwrap(client.GET('/admin/deposits', { params: { query: { userId: jane._id } } }));
    expect(janes.items).toHaveLength(5);
    expect(janes.items.every(({ user }) => user._id === jane._id)).toBe(true);
  });

  it('pages KYC requests', async () => {
    server.use(mocks.adminListKyc());
    const first = await unwrap(client.GET('/admin/kyc', { params: { query: { limit: 2 } } }));
    const rest = await unwrap(
      client.GET('/admin/kyc', { params: { query: { cursor: first.nextCursor ?? '' } } }),
    );
    expect([...first.items, ...rest.items]).toEqual(fixtures.adminKycRequests);
    expect(rest.nextCursor).toBeNull();
  });

  it('searches users by part of a name or email, case-insensitively', async () => {
    server.use(mocks.adminListUsers());
    const byName = await unwrap(client.GET('/admin/users', { params: { query: { q: 'COOPER' } } }));
    expect(byName.items.map(({ email }) => email)).toEqual(['jane@example.com']);
    const byEmail = await unwrap(client.GET('/admin/users', { params: { query: { q: '@example.com' } } }));
    expect(byEmail.items).toHaveLength(fixtures.adminUsers.length);
  });

  it('filters the audit log by action', async () => {
    server.use(mocks.adminListAuditLog());
    const page = await unwrap(
      client.GET('/admin/audit-log', { params: { query: { action: 'kyc.reject' } } }),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      targetId: fixtures.rejectedKyc._id,
      reason: fixtures.rejectedKyc.reason,
    });
  });
});

it('answers the summary of today, or the one a story gives', async () => {
  server.use(mocks.adminGetSummary());
  expect(await unwrap(client.GET('/admin/summary'))).toEqual(fixtures.adminSummary);
  server.use(mocks.adminGetSummary({ body: fixtures.emptyAdminSummary }));
  const empty = await unwrap(client.GET('/admin/summary'));
  expect(empty.queues.deposits).toEqual({ count: 0, total: 0, oldestAt: null });
  expect(empty.trialBalance.lines).toHaveLength(12);
});

it('renames the wallet the path names', async () => {
  server.use(mocks.adminUpdateWallet());
  const answer = await unwrap(
    client.PATCH('/admin/wallets/{walletId}', {
      params: { path: { walletId: fixtures.bitcoinWallet._id } },
      body: { walletName: 'Bitcoin cold storage' },
    }),
  );
  expect('wallet' in answer && answer.wallet).toEqual({
    ...fixtures.bitcoinWallet,
    walletName: 'Bitcoin cold storage',
  });
});
