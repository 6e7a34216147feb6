import type { NavItem, PaymentMark } from '@ledgerline/ui';
import type { LinkProps } from '@tanstack/react-router';

/** A path the router has a page for: a navigation item to any other path does not compile. */
export type RoutePath = NonNullable<LinkProps['to']>;

/** The public navigation bar: its five pages in their fixed order, then Sign up and Sign in. */
export const publicNavigation = {
  items: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about-us' },
    { label: 'Reviews', href: '/reviews' },
    { label: 'Regulation', href: '/regulations' },
    { label: 'Contact Us', href: '/contact-us' },
  ],
  homeHref: '/',
  signUpHref: '/sign-up',
  signInHref: '/sign-in',
} as const satisfies {
  items: readonly NavItem<RoutePath>[];
  homeHref: RoutePath;
  signUpHref: RoutePath;
  signInHref: RoutePath;
};

/** The footer: its seven links in their fixed order, and the payment methods it pictures. */
export const footerNavigation = {
  items: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about-us' },
    { label: 'Contact Us', href: '/contact-us' },
    { label: 'Privacy Policy', href: '/privacy-policy' },
    { label: 'Regulation', href: '/regulations' },
    { label: 'Terms of Service', href: '/terms-of-service' },
    { label: 'Reviews', href: '/reviews' },
  ],
  homeHref: '/',
  paymentMethods: ['bitcoin', 'ethereum', 'usdt', 'mastercard'],
} as const satisfies {
  items: readonly NavItem<RoutePath>[];
  homeHref: RoutePath;
  paymentMethods: readonly PaymentMark[];
};
