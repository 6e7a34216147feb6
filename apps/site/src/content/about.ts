import type { ContentItem, SiteContentConfig } from './types';

/** The six about-us blocks, in the order the page shows them. */
export type AboutBlockId =
  | 'company-intro'
  | 'mission'
  | 'who-we-are'
  | 'what-we-offer'
  | 'values'
  | 'join-today';

export type AboutBlock = ContentItem & { id: AboutBlockId };

/** The page header, whose "Start Trading" goes to /sign-up. */
export function aboutHeader({ productName }: SiteContentConfig): ContentItem {
  return {
    title: `About ${productName}`,
    brief:
      'An investment platform built around clear records: every deposit, withdrawal and profit is an entry you can see, and every request is reviewed by a person.',
    image: '/illustrations/about-header.svg',
    buttonLabel: 'Start Trading',
    href: '/sign-up',
  };
}

/**
 * The six info blocks: company intro, mission, who we are, what we offer, values, join today.
 *
 * @operatorClaim operator-identity
 * Verify: "Who We Are" describes the team that actually runs the platform (support desk, reviewers,
 * engineers); add the operator's legal name if it should appear here.
 * @operatorClaim support-availability
 * Verify: support really answers around the clock (24/7).
 * @operatorClaim asset-classes
 * Verify: "What We Offer" names automated trading across six asset classes; keep it true.
 * @operatorClaim how-it-works
 * Verify: "Company Intro" says capital is traded automatically; keep it true.
 */
export function aboutBlocks({ productName }: SiteContentConfig): AboutBlock[] {
  return [
    {
      id: 'company-intro',
      title: 'Company Intro',
      brief: `${productName} is an online platform for people who want to invest in crypto and other markets without running trades themselves. You deposit, your capital is traded automatically, and your dashboard shows exactly what happened to it.`,
      image: '/illustrations/about-company-intro.svg',
    },
    {
      id: 'mission',
      title: 'Our Mission',
      brief:
        'To make automated investing understandable. That means plain rules, balances you can trace entry by entry, and honesty about risk: markets fall as well as rise, and you can lose money.',
      image: '/illustrations/about-mission.svg',
    },
    {
      id: 'who-we-are',
      title: 'Who We Are',
      brief:
        'A support desk that answers around the clock, a review team that checks every deposit, withdrawal and identity document, and engineers who build and secure the platform. Every review is recorded with who made it and when.',
      image: '/illustrations/about-who-we-are.svg',
    },
    {
      id: 'what-we-offer',
      title: 'What We Offer',
      brief:
        'Eight trading plans, from Student to Diamond. Deposits in Bitcoin, Ethereum or USDT. Automated trading across six asset classes. A full transaction history, a referral program, and customer support available 24/7.',
      image: '/illustrations/about-what-we-offer.svg',
    },
    {
      id: 'values',
      title: 'Our Values',
      brief:
        'Clarity: rules and fees written down before you need them. Care: every request checked by a person. Accountability: records that are never edited, only corrected in the open. Respect: your data used to run your account and nothing else.',
      image: '/illustrations/about-values.svg',
    },
    {
      id: 'join-today',
      title: 'Join Today',
      brief:
        'Registration takes a few minutes. You need to be 18 or older, have an email address and phone number, and a passport for identity verification.',
      image: '/illustrations/about-join-today.svg',
      buttonLabel: 'Create Account',
      href: '/sign-up',
    },
  ];
}

/** The block above the world-locations map (a local SVG, no map service). */
export function worldLocations({ productName }: SiteContentConfig): ContentItem {
  return {
    title: 'Open wherever the law allows',
    brief: `You can register from any country where using ${productName} is lawful. The Regulations page explains the rules we follow and who cannot open an account.`,
    image: '/illustrations/world-locations.svg',
  };
}

/** The "trade with us" block, whose "Start Trading" goes to /sign-in. */
export function tradeWithUs({ productName }: SiteContentConfig): ContentItem {
  return {
    title: `Trade with ${productName}`,
    brief:
      'Already registered? Sign in to choose a plan, make a deposit and follow your balance. Only invest money you can afford to lose.',
    image: '/illustrations/about-trade-with-us.svg',
    buttonLabel: 'Start Trading',
    href: '/sign-in',
  };
}

/** The newsletter block; it subscribes through `POST /newsletter`. */
export function newsletter({ productName, supportEmail }: SiteContentConfig): {
  title: string;
  brief: string;
  inputLabel: string;
  buttonLabel: string;
} {
  return {
    title: 'Subscribe to our newsletter',
    brief: `Product news and changes to ${productName}, by email, now and then. To stop receiving it, write to ${supportEmail}.`,
    inputLabel: 'Email address',
    buttonLabel: 'Subscribe',
  };
}
