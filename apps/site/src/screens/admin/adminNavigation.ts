import {
  type DashboardNavItem,
  DepositIcon,
  HistoryIcon,
  KycIcon,
  OverviewIcon,
  ProfileIcon,
  TradingPlansIcon,
  WithdrawalIcon,
} from '@ledgerline/ui';
import type { RoutePath } from '../../layout/navigation';

/** The back office's navigation: its screens in order, the logo to the first. */
export const adminNavigation = {
  items: [
    { label: 'Today', href: '/admin', icon: OverviewIcon },
    { label: 'Deposits', href: '/admin/deposits', icon: DepositIcon },
    { label: 'Withdrawals', href: '/admin/withdrawals', icon: WithdrawalIcon },
    { label: 'KYC', href: '/admin/kyc', icon: KycIcon },
    { label: 'Approvals', href: '/admin/approvals', icon: HistoryIcon },
    { label: 'Trading', href: '/admin/trading', icon: TradingPlansIcon },
    { label: 'Users', href: '/admin/users', icon: ProfileIcon },
    { label: 'Wallets', href: '/admin/wallets', icon: DepositIcon },
    { label: 'Audit log', href: '/admin/audit-log', icon: HistoryIcon },
    { label: 'Team', href: '/admin/team', icon: ProfileIcon },
  ],
  homeHref: '/admin',
} as const satisfies { items: readonly DashboardNavItem<RoutePath>[]; homeHref: RoutePath };

/** What waits in each review queue, and for a second admin's approval (the summary's counts). */
export type QueueCounts = Record<'deposits' | 'withdrawals' | 'kyc' | 'approvals', { count: number }>;

const queueOf: Partial<Record<RoutePath, keyof QueueCounts>> = {
  '/admin/deposits': 'deposits',
  '/admin/withdrawals': 'withdrawals',
  '/admin/kyc': 'kyc',
  '/admin/approvals': 'approvals',
};

/** The navigation with each queue's pending count beside its link (none until the counts are known). */
export function withQueueCounts(
  items: readonly DashboardNavItem<RoutePath>[],
  counts: QueueCounts | null,
): DashboardNavItem<RoutePath>[] {
  return items.map((item) => {
    const queue = queueOf[item.href];
    if (!counts || !queue) return item;
    const value = counts[queue].count;
    const waiting = queue === 'approvals' ? 'waiting for a second approval' : 'waiting for review';
    return { ...item, count: { value, label: `${value} ${waiting}` } };
  });
}
