import {
  type DashboardNavItem,
  DepositIcon,
  HistoryIcon,
  KycIcon,
  OverviewIcon,
  ProfileIcon,
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
    { label: 'Users', href: '/admin/users', icon: ProfileIcon },
    { label: 'Wallets', href: '/admin/wallets', icon: DepositIcon },
    { label: 'Audit log', href: '/admin/audit-log', icon: HistoryIcon },
  ],
  homeHref: '/admin',
} as const satisfies { items: readonly DashboardNavItem<RoutePath>[]; homeHref: RoutePath };
