import type { PageMeta, PublicRoute, SiteContentConfig } from './types';

/**
 * The title and meta description of every public and auth route. Descriptions are written to 120–160
 * characters with a product name of about ten characters.
 */
export function pageMeta({ productName }: SiteContentConfig): Record<PublicRoute, PageMeta> {
  return {
    '/': {
      title: `${productName}: automated crypto investing`,
      description: `Invest in crypto with ${productName}: deposit Bitcoin, Ethereum or USDT, follow every entry on your balance, and withdraw under clear, written rules.`,
    },
    '/about-us': {
      title: `About Us | ${productName}`,
      description: `Who runs ${productName}, what we offer and the values behind it: clear records, a person reviewing every request, and honesty about risk.`,
    },
    '/contact-us': {
      title: `Contact Us | ${productName}`,
      description: `Reach ${productName} customer support 24/7 by email or through the contact form, with questions about your account, deposits or withdrawals.`,
    },
    '/reviews': {
      title: `Reviews | ${productName}`,
      description: `What customers say about investing with ${productName}: deposits, withdrawals, identity checks and support, in their own words.`,
    },
    '/regulations': {
      title: `Regulations | ${productName}`,
      description: `How ${productName} verifies customers, prevents financial crime, screens for sanctions, keeps records, handles complaints and discloses risk.`,
    },
    '/privacy-policy': {
      title: `Privacy Policy | ${productName}`,
      description: `What personal data ${productName} collects, why, how long we keep it, who we share it with, how passport images are protected, and your rights.`,
    },
    '/terms-of-service': {
      title: `Terms of Service | ${productName}`,
      description: `The agreement for using ${productName}: eligibility at 18 or older, identity checks, deposits, withdrawals, the fee schedule, referrals and risk.`,
    },
    '/sign-up': {
      title: `Create an account | ${productName}`,
      description: `Open a ${productName} account in a few minutes with your name, email, phone and country. You must be 18 or older. Investing in crypto carries risk.`,
    },
    '/sign-in': {
      title: `Sign in | ${productName}`,
      description: `Sign in to your ${productName} dashboard to see your balance, make deposits, request withdrawals and review your full transaction history.`,
    },
    '/forgot-password': {
      title: `Forgot your password? | ${productName}`,
      description: `Forgot your ${productName} password? Enter the email address on your account and we will send you a link to choose a new password.`,
    },
    '/change-password': {
      title: `Choose a new password | ${productName}`,
      description: `Choose a new password for your ${productName} account from the link we emailed you. You are signed out on other devices once it is changed.`,
    },
    '/verify-email': {
      title: `Verify your email | ${productName}`,
      description: `Confirming your email address for ${productName}. Once it is verified, you can sign in, verify your identity and make your first deposit.`,
    },
    '/confirm-email-change': {
      title: `Confirm your new email | ${productName}`,
      description: `Confirming the new sign-in email of your ${productName} account from the link we sent to it. Once it is confirmed, sign in with the new address.`,
    },
    '/revert-email-change': {
      title: `Change your email back | ${productName}`,
      description: `Giving your ${productName} account its old sign-in email back from the link we sent to it. Every session is signed out and withdrawals pause until you reset your password.`,
    },
    '/cancel-address-lock-off': {
      title: `Keep the withdrawal address lock on | ${productName}`,
      description: `Cancelling the turning off of your ${productName} withdrawal address lock from the link we mailed you. Withdrawals keep going only to your saved addresses.`,
    },
    '/admin-invitation': {
      title: `Join the back office | ${productName}`,
      description: `Accepting an invitation to become an admin of ${productName}: choose your name and password from the link we mailed you, then sign in to the back office.`,
    },
    '/check-email': {
      title: `Check your email | ${productName}`,
      description: `We sent a verification link to your email address. Open it to confirm your ${productName} account, then sign in to your dashboard.`,
    },
  };
}
