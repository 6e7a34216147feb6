import type { ContentAction, ContentItem, SectionHeading, SiteContentConfig } from './types';

/** The copyright line shows the year 2020, a fixed year, not the current one. */
export const copyrightYear = 2020;

/**
 * The contact page's heading, info line and the labels of its two direct links. The WhatsApp number
 * comes from `GET /whatsapp` and is printed by the page as a US number; the info line names WhatsApp
 * only while the page shows that link (`whatsapp`), as no number may be configured.
 *
 * @operatorClaim support-availability
 * Verify: support really answers 24/7, by email, the form and WhatsApp.
 */
export function contactPage(
  { supportEmail }: SiteContentConfig,
  { whatsapp }: { whatsapp: boolean },
): {
  heading: string;
  brief: string;
  formHeading: string;
  emailLabel: string;
  whatsappLabel: string;
} {
  return {
    heading: 'Contact Us',
    brief: whatsapp
      ? `Customer support is available 24/7. Send us a message below, email ${supportEmail}, or chat with us on WhatsApp.`
      : `Customer support is available 24/7. Send us a message below or email ${supportEmail}.`,
    formHeading: 'Send us a message',
    emailLabel: 'Email support',
    whatsappLabel: 'Chat on WhatsApp',
  };
}

/** The footer-like section at the foot of the contact page: where to look before writing. */
export function contactFooterSection({ supportEmail }: SiteContentConfig): {
  heading: SectionHeading;
  items: ContentItem[];
} {
  return {
    heading: {
      title: 'Other ways to find an answer',
      brief: 'Many questions are answered on these pages. For anything about your own account, write to us.',
    },
    items: [
      {
        title: 'Frequently asked questions',
        brief: 'Deposits, withdrawals, identity verification, fees and account tiers, in plain words.',
        image: '/illustrations/contact-faq.svg',
        buttonLabel: 'Read the FAQ',
        href: '/#faq',
      },
      {
        title: 'Rules and policies',
        brief:
          'Our terms of service, privacy policy and regulations: who can join, how fees and withdrawals work, and how we use your data.',
        image: '/illustrations/contact-policies.svg',
        buttonLabel: 'Read the terms',
        href: '/terms-of-service',
      },
      {
        title: 'Email support',
        brief: `Write to ${supportEmail} from the address on your account, and include a transaction reference if your question is about a deposit or withdrawal.`,
        image: '/illustrations/contact-email.svg',
        buttonLabel: 'Send an email',
        href: `mailto:${supportEmail}`,
      },
    ],
  };
}

/**
 * The site footer's texts: payment methods, links, support link, risk line and copyright.
 *
 * @operatorClaim how-it-works
 * Verify: the Mastercard logo says cards are accepted; remove it unless card deposits are offered, and
 * use each payment brand's logo only as its owner's guidelines allow.
 */
export function siteFooter({ productName, supportEmail }: SiteContentConfig): {
  tagline: string;
  paymentMethods: { name: string; image: string }[];
  links: ContentAction[];
  supportLabel: string;
  supportHref: string;
  riskWarning: string;
  copyright: string;
} {
  return {
    tagline: `${productName}: automated crypto investing, with every entry on your balance recorded.`,
    paymentMethods: [
      { name: 'Bitcoin', image: '/illustrations/payment-bitcoin.svg' },
      { name: 'Ethereum', image: '/illustrations/payment-ethereum.svg' },
      { name: 'USDT', image: '/illustrations/payment-usdt.svg' },
      { name: 'Mastercard', image: '/illustrations/payment-mastercard.svg' },
    ],
    links: [
      { label: 'Home', href: '/' },
      { label: 'About Us', href: '/about-us' },
      { label: 'Contact Us', href: '/contact-us' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Regulation', href: '/regulations' },
      { label: 'Terms of Service', href: '/terms-of-service' },
      { label: 'Reviews', href: '/reviews' },
    ],
    supportLabel: supportEmail,
    supportHref: `mailto:${supportEmail}`,
    riskWarning:
      'Investing in crypto carries risk. Prices can fall as well as rise, and you can lose some or all of the money you invest. You must be 18 or older to open an account.',
    copyright: `© ${copyrightYear} ${productName}. All rights reserved.`,
  };
}
