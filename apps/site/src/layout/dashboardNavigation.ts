import {
  type DashboardNavItem,
  DepositIcon,
  HistoryIcon,
  KycIcon,
  OverviewIcon,
  ProfileIcon,
  ReferralIcon,
  TradingPlansIcon,
  WithdrawalIcon,
} from '@ledgerline/ui';
import { FundsIcon, PortfolioIcon } from '@ledgerline/ui/fund-icons';
import type { RoutePath } from './navigation';

/**
 * The dashboard's navigation: the pages in their fixed order (the funds and the portfolio before the
 * plans), the logo to the overview, and the user menu's Account Settings to the profile.
 */
export const dashboardNavigation = {
  items: [
    { label: 'Overview', href: '/dashboard/overview', icon: OverviewIcon },
    { label: 'Profile', href: '/dashboard/profile', icon: ProfileIcon },
    { label: 'Deposit', href: '/dashboard/deposit', icon: DepositIcon },
    { label: 'Withdrawal', href: '/dashboard/withdrawal', icon: WithdrawalIcon },
    { label: 'Funds', href: '/dashboard/funds', icon: FundsIcon },
    { label: 'Portfolio', href: '/dashboard/portfolio', icon: PortfolioIcon },
    { label: 'Trading Plans', href: '/dashboard/trading-plans', icon: TradingPlansIcon },
    { label: 'KYC', href: '/dashboard/kyc', icon: KycIcon },
    { label: 'Referral Program', href: '/dashboard/referral-program', icon: ReferralIcon },
    { label: 'Transaction History', href: '/dashboard/transaction-history', icon: HistoryIcon },
  ],
  homeHref: '/dashboard/overview',
  settingsHref: '/dashboard/profile',
} as const satisfies {
  items: readonly DashboardNavItem<RoutePath>[];
  homeHref: RoutePath;
  settingsHref: RoutePath;
};
