import type { components } from '@ledgerline/api-client';
import { fixtures } from '@ledgerline/api-client/mocks';
import { describe, expect, it, vi } from 'vitest';

type Transaction = components['schemas']['Transaction'];

// The fixtures stand for one consistent account: these checks re-derive Jane's figures from her rows
// with the contract's definitions, in integer cents as the server counts.

const cents = (amount: number) => Math.round(amount * 100);
const total = (rows: readonly Transaction[]) => rows.reduce((sum, row) => sum + cents(row.amount), 0);
const signed = (row: Transaction) => (row.direction === 'debit' ? -cents(row.amount) : cents(row.amount));
const rowsOf = (trxType: Transaction['trxType'], status: Transaction['status'] = 'approved') =>
  fixtures.transactions.filter((row) => row.trxType === trxType && row.status === status);

/** The plans' lower bounds, in pounds; a plan's range includes its lower bound. */
const plans: [components['schemas']['AccountTier'], number][] = [
  ['Student', 100],
  ['Basic', 2_000],
  ['Standard', 20_000],
  ['Bronze', 50_000],
  ['Silver', 100_000],
  ['Gold', 500_000],
  ['Platinum', 1_000_000],
  ['Diamond', 5_000_000.01],
];
const tierOf = (deposits: number) => plans.filter(([, from]) => deposits >= from).at(-1)?.[0] ?? 'None';

describe('Jane', () => {
  const user = fixtures.userInfo;

  it('has the totals her history adds up to', () => {
    expect(cents(user.deposits)).toBe(total(rowsOf('deposit')));
    expect(cents(user.withdrawals)).toBe(total(rowsOf('withdrawal')));
    expect(cents(user.pendingDeposits)).toBe(total(rowsOf('deposit', 'pending')));
    expect(cents(user.pendingWithdrawals)).toBe(total(rowsOf('withdrawal', 'pending')));
    expect(cents(user.profits)).toBe(total(rowsOf('profit')));
    expect(cents(user.bonus)).toBe(total(rowsOf('bonus')));
  });

  it('has an available balance of credits less debits and holds, and a total of available plus held', () => {
    const adjustments = rowsOf('adjustment').reduce((sum, row) => sum + signed(row), 0);
    const available =
      cents(user.deposits) +
      cents(user.profits) +
      cents(user.bonus) +
      adjustments -
      cents(user.withdrawals) -
      cents(user.pendingWithdrawals);
    expect(cents(user.availableBalance)).toBe(available);
    expect(cents(user.totalBalance)).toBe(available + cents(user.pendingWithdrawals));
    // UserInfo has no figure for adjustments: they net to zero so the overview's tiles reconcile.
    expect(adjustments).toBe(0);
  });

  it('earned this week the profit and bonus of the 7 days before the fixtures\u2019 now', () => {
    const weekStart = '2026-11-14T16:30:00.000Z';
    const earned = fixtures.transactions.filter(
      (row) => (row.trxType === 'profit' || row.trxType === 'bonus') && row.createdAt >= weekStart,
    );
    expect(cents(user.moneyEarned)).toBe(total(earned));
  });

  it('is on the plan whose range holds her approved deposits', () => {
    expect(user.accountTier).toBe(tierOf(user.deposits));
    expect(fixtures.newUserInfo.accountTier).toBe(tierOf(fixtures.newUserInfo.deposits));
  });

  it('has a ledger whose accounts hold her balances, each journal balanced between them', () => {
    const sumOf = (account: 'available' | 'held') =>
      fixtures.janeLedger
        .filter((entry) => entry.account === account)
        .reduce((sum, e) => sum + cents(e.amount), 0);
    expect(sumOf('available')).toBe(cents(user.availableBalance));
    expect(sumOf('held')).toBe(cents(user.pendingWithdrawals));
    // Two-entry journals (holds, releases) move money between her accounts, so they net to zero.
    const journals = new Map<string, number[]>();
    for (const entry of fixtures.janeLedger) {
      journals.set(entry.journalId, [...(journals.get(entry.journalId) ?? []), cents(entry.amount)]);
    }
    for (const amounts of journals.values()) {
      if (amounts.length === 2) expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(0);
    }
    expect(fixtures.janeAsAdminSees.user).toMatchObject({
      availableBalance: user.availableBalance,
      totalBalance: user.totalBalance,
    });
  });

  it('has the balance after each ledger entry: the running sum of its account, oldest first', () => {
    const running = { available: 0, held: 0 };
    for (const entry of [...fixtures.janeLedger].reverse()) {
      running[entry.account] += cents(entry.amount);
      expect(cents(entry.balanceAfter)).toBe(running[entry.account]);
    }
    expect(running).toEqual({
      available: cents(user.availableBalance),
      held: cents(user.pendingWithdrawals),
    });
  });

  it('has every account’s page agree with its summary, its figures adding up to its balance', () => {
    for (const summary of fixtures.adminUsers) {
      const detail = fixtures.adminUserDetails.get(summary._id)?.user;
      expect(detail, summary.email).toMatchObject({
        _id: summary._id,
        email: summary.email,
        role: summary.role,
        totalBalance: summary.totalBalance,
        availableBalance: summary.availableBalance,
      });
      if (!detail) continue;
      expect(cents(detail.totalBalance)).toBe(
        cents(detail.deposits) + cents(detail.profits) + cents(detail.bonus) - cents(detail.withdrawals),
      );
      expect(cents(detail.totalBalance)).toBe(
        cents(detail.availableBalance) + cents(detail.pendingWithdrawals),
      );
      expect(detail.accountTier, summary.email).toBe(tierOf(detail.deposits));
    }
    expect(fixtures.adminUserDetails.size).toBe(fixtures.adminUsers.length);
  });

  it('appears in the back office with the same balances', () => {
    expect(fixtures.adminUsers.find(({ _id }) => _id === user._id)).toMatchObject({
      totalBalance: user.totalBalance,
      availableBalance: user.availableBalance,
    });
  });

  it('earned the referral bonuses her referrals list', () => {
    const earned = fixtures.referrals.items.reduce((sum, item) => sum + cents(item.bonusEarned), 0);
    expect(cents(fixtures.referrals.totalBonus)).toBe(earned);
    expect(earned).toBe(cents(fixtures.referralBonus.amount));
  });
});

describe('the history', () => {
  const rows = fixtures.transactions;

  it('is newest first and shows every kind of row in every state', () => {
    expect(rows.map(({ createdAt }) => createdAt)).toEqual(
      rows
        .map(({ createdAt }) => createdAt)
        .sort()
        .reverse(),
    );
    expect(new Set(rows.map(({ trxType }) => trxType))).toEqual(
      new Set(['deposit', 'withdrawal', 'profit', 'bonus', 'adjustment']),
    );
    for (const trxType of ['deposit', 'withdrawal'] as const) {
      expect(
        new Set(
          rowsOf(trxType, 'pending')
            .concat(rowsOf(trxType, 'rejected'), rowsOf(trxType))
            .map((r) => r.status),
        ),
      ).toEqual(new Set(['pending', 'approved', 'rejected']));
    }
    expect(
      rows.filter(({ trxType, direction }) => trxType === 'adjustment' && direction === 'debit'),
    ).toHaveLength(1);
  });

  it('has rows that carry what their kind needs', () => {
    const active = new Map(fixtures.activeWallets.map((wallet) => [wallet.address, wallet.type]));
    const networks = { bitcoin: ['BTC'], ethereum: ['ETH'], usdt: ['usdt-trc20', 'usdt-bsc', 'usdt-erc20'] };
    for (const row of rows) {
      expect(row.resolvedAt === null, row.ref).toBe(row.status === 'pending');
      expect(row.reason !== null && row.reason !== undefined, row.ref).toBe(row.status === 'rejected');
      if (row.trxType === 'deposit') expect(active.get(row.paymentTo ?? ''), row.ref).toBe(row.type);
      if (row.trxType === 'withdrawal')
        expect(networks[row.type ?? 'bitcoin'], row.ref).toContain(row.network);
      if (row.trxType !== 'deposit' && row.trxType !== 'withdrawal') {
        expect(row, row.ref).toMatchObject({ status: 'approved', memo: expect.any(String) });
      }
    }
  });
});

describe('the rest', () => {
  it('has wallets whose QR path names the wallet', () => {
    for (const wallet of fixtures.allWallets) expect(wallet.image).toBe(`/wallets/${wallet._id}/qr.png`);
    expect(fixtures.activeWallets.every(({ active }) => active)).toBe(true);
  });

  it('has 50 market coins ranked 1 to 50, with images on example.com', () => {
    const { items } = fixtures.marketCoins;
    expect(items.map(({ market_cap_rank }) => market_cap_rank)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(new Set(items.map(({ id }) => id)).size).toBe(50);
    for (const coin of items) {
      expect(coin.image).toBe(`https://assets.example.com/coins/${coin.id}.png`);
      expect(coin.ath ?? 0).toBeGreaterThanOrEqual(coin.current_price);
    }
  });

  it('has 7 trending coins by 24-hour change, descending, priced as in the market list', () => {
    const { items } = fixtures.trendingCoins;
    expect(items).toHaveLength(7);
    const changes = items.map(({ data }) => data.price_change_percentage_24h.usd);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    for (const coin of items) {
      expect(fixtures.marketCoins.items.find(({ id }) => id === coin.id)?.current_price).toBe(
        coin.data.price,
      );
    }
  });

  it('has back-office lists newest first, with a reviewer exactly on resolved requests', () => {
    for (const list of [fixtures.adminDeposits, fixtures.adminWithdrawals, fixtures.adminKycRequests]) {
      const times = list.map(({ createdAt }) => createdAt);
      expect(times).toEqual([...times].sort().reverse());
      for (const row of list) expect(row.reviewedBy === null).toBe(row.status === 'pending');
    }
  });

  it('has a back-office summary of the pending rows of the review lists and of the users\u2019 balances', () => {
    const { queues, trialBalance } = fixtures.adminSummary;
    const queueOf = (rows: readonly { status: string; createdAt: string; amount?: number }[]) => {
      const pending = rows.filter(({ status }) => status === 'pending');
      return {
        count: pending.length,
        total: pending.reduce((sum, row) => sum + cents(row.amount ?? 0), 0),
        oldestAt: pending.map(({ createdAt }) => createdAt).sort()[0] ?? null,
      };
    };
    expect({ ...queues.deposits, total: cents(queues.deposits.total) }).toEqual(
      queueOf(fixtures.adminDeposits),
    );
    expect({ ...queues.withdrawals, total: cents(queues.withdrawals.total) }).toEqual(
      queueOf(fixtures.adminWithdrawals),
    );
    const { total: _noAmount, ...kyc } = queueOf(fixtures.adminKycRequests);
    expect(queues.kyc).toEqual(kyc);

    const line = (account: string) =>
      cents(trialBalance.lines.find((row) => row.account === account)?.balance ?? Number.NaN);
    const users = fixtures.adminUsers;
    expect(line('available')).toBe(users.reduce((sum, user) => sum + cents(user.availableBalance), 0));
    expect(line('held')).toBe(
      users.reduce((sum, user) => sum + cents(user.totalBalance) - cents(user.availableBalance), 0),
    );
    // Pending withdrawals are exactly what is held.
    expect(line('held')).toBe(cents(queues.withdrawals.total));
    expect(line('withdrawals_paid')).toBe(cents(fixtures.userInfo.withdrawals));
    expect(trialBalance.lines.map(({ account }) => account)).toEqual([
      'deposits_received',
      'withdrawals_paid',
      'profit_paid',
      'bonus_paid',
      'adjustments',
      'available',
      'held',
      'pending_investment',
      'fund_cash',
      'exchange',
      'exchange_fees',
      'management_fees',
    ]);
    expect(trialBalance.lines.reduce((sum, row) => sum + cents(row.balance), 0)).toBe(0);
    expect(trialBalance.total).toBe(0);
  });

  it('logs one audit line per resolved request', () => {
    const resolved = [
      ...fixtures.adminDeposits,
      ...fixtures.adminWithdrawals,
      ...fixtures.adminKycRequests,
    ].filter(({ status }) => status !== 'pending');
    for (const row of resolved) {
      const lines = fixtures.auditLog.filter(({ targetId }) => targetId === row._id);
      expect(lines, row._id).toHaveLength(1);
      // On whom: the owner of the request.
      expect(lines[0]?.user, row._id).toEqual(row.user);
    }
  });

  it('names the user of every audit line but a wallet’s, and lists every admin who acted', () => {
    for (const line of fixtures.auditLog) {
      if (line.targetType === 'wallet') expect(line.user).toBeNull();
      else expect(line.user, line._id).not.toBeNull();
      expect(fixtures.adminTeam.items).toContainEqual(expect.objectContaining(line.actor));
    }
    const adminAccounts = fixtures.adminUsers.filter(({ role }) => role === 'admin');
    expect(fixtures.adminTeam.items.map(({ _id }) => _id).sort()).toEqual(
      adminAccounts.map(({ _id }) => _id).sort(),
    );
  });

  it('is the same on every load: no randomness, no clock', async () => {
    const first = JSON.stringify(fixtures);
    vi.resetModules();
    const { fixtures: again } = await import('@ledgerline/api-client/mocks');
    expect(JSON.stringify(again)).toBe(first);
  });
});
