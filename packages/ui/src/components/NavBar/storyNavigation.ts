import {
  DepositIcon,
  HistoryIcon,
  KycIcon,
  OverviewIcon,
  ProfileIcon,
  ReferralIcon,
  TradingPlansIcon,
  WithdrawalIcon,
} from '../../icons/icons';
import type { DashboardNavItem } from '../DashboardShell/DashboardShell';
import type { NavItem } from './navLink';

/**
 * The navigation the stories draw: the same pages, in the same order, as the site passes in. The ui
 * owns no site's paths; these only give the stories something real to show. Not part of the public API.
 */
export const storyPublicNavigation = {
  items: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about-us' },
    { label: 'Reviews', href: '/reviews' },
    { label: 'Regulation', href: '/regulations' },
    { label: 'Contact Us', href: '/contact-us' },
  ] satisfies NavItem[],
  homeHref: '/',
  signUpHref: '/sign-up',
  signInHref: '/sign-in',
};

export const storyFooterNavigation = {
  items: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about-us' },
    { label: 'Contact Us', href: '/contact-us' },
    { label: 'Privacy Policy', href: '/privacy-policy' },
    { label: 'Regulation', href: '/regulations' },
    { label: 'Terms of Service', href: '/terms-of-service' },
    { label: 'Reviews', href: '/reviews' },
  ] satisfies NavItem[],
  homeHref: '/',
  paymentMethods: ['bitcoin', 'ethereum', 'usdt', 'mastercard'] as const,
};

export const storyDashboardNavigation = {
  items: [
    { label: 'Overview', href: '/dashboard/overview', icon: OverviewIcon },
    { label: 'Profile', href: '/dashboard/profile', icon: ProfileIcon },
    { label: 'Deposit', href: '/dashboard/deposit', icon: DepositIcon },
    { label: 'Withdrawal', href: '/dashboard/withdrawal', icon: WithdrawalIcon },
    { label: 'Trading Plans', href: '/dashboard/trading-plans', icon: TradingPlansIcon },
    { label: 'KYC', href: '/dashboard/kyc', icon: KycIcon },
    { label: 'Referral Program', href: '/dashboard/referral-program', icon: ReferralIcon },
    { label: 'Transaction History', href: '/dashboard/transaction-history', icon: HistoryIcon },
  ] satisfies DashboardNavItem[],
  homeHref: '/dashboard/overview',
  settingsHref: '/dashboard/profile',
};
