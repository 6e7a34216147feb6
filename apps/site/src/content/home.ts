import type { ContentItem, FaqItem, Hero, SectionHeading, SiteContentConfig } from './types';

/**
 * The first hero: what the product is, with the create-account and sign-in buttons.
 *
 * @operatorClaim how-it-works
 * Verify: deposits are really invested through automated trading.
 */
export function homeHero({ productName }: SiteContentConfig): Hero {
  return {
    title: 'Automated crypto investing, with every dollar accounted for',
    brief: `${productName} invests your deposits through automated trading. Deposit Bitcoin, Ethereum or USDT, see every movement of your balance, and request withdrawals from your dashboard.`,
    image: '/illustrations/hero-home.svg',
    actions: [
      { label: 'Create Account', href: '/sign-up' },
      { label: 'Sign In', href: '/sign-in' },
    ],
  };
}

/** The "Invest Now" hero, lower on the page. */
export const investNowHero: Hero = {
  title: 'Start with a plan that fits your capital',
  brief:
    'Plans begin at £100, and your tier rises as your approved deposits grow. Every entry on your balance is recorded and every withdrawal is reviewed before it leaves. Investing in crypto carries risk, and you can lose money.',
  image: '/illustrations/hero-invest-now.svg',
  actions: [{ label: 'Invest Now', href: '/sign-up' }],
};

/**
 * Headings and lead lines of the home page's sections.
 *
 * @operatorClaim asset-classes
 * Verify: automated trading really spreads capital across the asset classes, as the lead line says.
 */
export function homeSections({ productName }: SiteContentConfig): {
  assetClasses: SectionHeading;
  security: SectionHeading;
  steps: SectionHeading;
  faq: SectionHeading;
} {
  return {
    assetClasses: {
      title: 'Six asset classes, one account',
      brief:
        'Automated trading spreads capital across markets that behave differently. Each one carries its own risks, and none of them only goes up.',
    },
    security: {
      title: 'How we protect your account',
      brief: `Five commitments ${productName} makes about your funds and your data.`,
    },
    steps: {
      title: 'How it works',
      brief: 'From registration to your first withdrawal, in five steps.',
    },
    faq: {
      title: 'Frequently asked questions',
      brief: 'Straight answers about accounts, deposits, withdrawals, fees and risk.',
    },
  };
}

/**
 * The six investable asset classes, in this order and with these titles: Stocks, Cryptocurrencies,
 * Crypto Indices, Precious Metals, Commodities, ETFs.
 *
 * @operatorClaim asset-classes
 * Verify: the automated strategies really trade each of these six classes for customers. Remove any
 * class that is not traded.
 */
export const assetClasses: ContentItem[] = [
  {
    title: 'Stocks',
    brief:
      'Shares in listed companies. Their prices follow company results and the wider economy, and they can fall as well as rise.',
    image: '/illustrations/asset-stocks.svg',
  },
  {
    title: 'Cryptocurrencies',
    brief:
      'Bitcoin, Ethereum and other digital assets that trade around the clock. Prices move quickly, in both directions.',
    image: '/illustrations/asset-cryptocurrencies.svg',
  },
  {
    title: 'Crypto Indices',
    brief:
      'A basket of cryptocurrencies tracked together, so that no single coin decides the result on its own.',
    image: '/illustrations/asset-crypto-indices.svg',
  },
  {
    title: 'Precious Metals',
    brief:
      'Gold, silver and platinum. Many investors hold them when other markets are unsettled, though their prices swing too.',
    image: '/illustrations/asset-precious-metals.svg',
  },
  {
    title: 'Commodities',
    brief: 'Raw materials such as oil, natural gas and farm products, priced by global supply and demand.',
    image: '/illustrations/asset-commodities.svg',
  },
  {
    title: 'ETFs',
    brief:
      'Exchange-traded funds: one holding that follows a basket of assets and trades like a single share.',
    image: '/illustrations/asset-etfs.svg',
  },
];

/**
 * The five security commitments, in this order: advanced fund protection (offline cold storage), data
 * privacy, end-to-end encryption, live insights (stricter withdrawal checks when activity looks
 * suspicious) and trustworthy by design.
 *
 * @operatorClaim security-commitments
 * Verify each one before going live: that customer funds are kept in offline cold storage and how; that
 * traffic and stored data are encrypted as described; that suspicious activity is detected and triggers
 * enhanced withdrawal authentication; that passport images and records are handled as stated.
 */
export const securityCommitments: ContentItem[] = [
  {
    title: 'Advanced Fund Protection',
    brief:
      'Customer crypto is kept in offline cold storage, away from any system connected to the internet. Only the amount needed for approved withdrawals is moved out, and each move is checked.',
    image: '/illustrations/security-cold-storage.svg',
  },
  {
    title: 'Data Privacy',
    brief:
      'We collect what we need to run your account and verify your identity, and nothing for advertising. We never sell your data. Passport images are stored outside the public website and shown only to you and our reviewers.',
    image: '/illustrations/security-data-privacy.svg',
  },
  {
    title: 'End-to-End Encryption',
    brief:
      'Everything between your browser and our servers travels encrypted, and stored documents and records are encrypted too. Passwords are kept only as one-way hashes that nobody can read back.',
    image: '/illustrations/security-encryption.svg',
  },
  {
    title: 'Live Insights',
    brief:
      'We watch account activity as it happens. When suspicious activity is detected, such as a withdrawal request right after an unusual sign-in, enhanced withdrawal authentication applies before any money leaves your account.',
    image: '/illustrations/security-live-insights.svg',
  },
  {
    title: 'Trustworthy by Design',
    brief:
      'Every balance is calculated from a ledger whose entries are never edited or deleted. A person reviews every deposit and withdrawal, and every review is recorded with who made it and when.',
    image: '/illustrations/security-trustworthy.svg',
  },
];

/**
 * The five how-it-works steps, titled Register, Verify, Deposit Funds, Automated Trading and Withdrawal.
 *
 * @operatorClaim how-it-works
 * Verify: deposits by bank transfer and by card are actually offered (the dashboard takes only Bitcoin,
 * Ethereum and USDT); automated trading with configurable strategies and risk rules exists for customers;
 * withdrawal limits and processing times are set and published.
 */
export const howItWorksSteps: ContentItem[] = [
  {
    title: 'Register',
    brief:
      'Create your account with your name, email, phone number and country, then confirm your email address from the link we send you. You must be 18 or older.',
    image: '/illustrations/step-register.svg',
    buttonLabel: 'Create Account',
    href: '/sign-up',
  },
  {
    title: 'Verify',
    brief:
      'Verify with identity documents (KYC): upload a clear image of your passport’s photo page. Our team reviews it, and a verified identity is needed before withdrawals are approved.',
    image: '/illustrations/step-verify.svg',
  },
  {
    title: 'Deposit Funds',
    brief:
      'Deposit funds by bank transfer, card or crypto. A deposit is reviewed by our staff and counts toward your balance once it is approved.',
    image: '/illustrations/step-deposit.svg',
  },
  {
    title: 'Automated Trading',
    brief:
      'Your capital is traded automatically, with configurable strategies and risk rules that decide what is bought and sold and when to stop. Results vary, and losses are possible.',
    image: '/illustrations/step-automated-trading.svg',
  },
  {
    title: 'Withdrawal',
    brief:
      'Request a withdrawal from your dashboard. Withdrawal limits and processing times apply; the amount is held at once, reviewed by our team, then sent to the address you gave.',
    image: '/illustrations/step-withdrawal.svg',
  },
];

/**
 * The nine FAQ entries, in the accordion's order (the first starts open).
 *
 * @operatorClaim support-availability
 * Verify: support really answers 24/7, within the response times each plan states.
 * @operatorClaim fee-schedule
 * Verify: the fee schedule the answer refers to exists and support can send it.
 * @operatorClaim how-it-works
 * Verify: customers' capital is really traded automatically, as the first answer says.
 */
export function homeFaq({ productName, supportEmail }: SiteContentConfig): FaqItem[] {
  return [
    {
      question: `What is ${productName}?`,
      answer: `${productName} is an online investment platform for individual investors. You deposit crypto, your capital is traded automatically, and your dashboard shows every deposit, withdrawal, profit and bonus as an entry in your history. We do not promise returns. Investing in crypto carries risk: prices can fall sharply and quickly, and you can lose money, including everything you invest.`,
    },
    {
      question: 'Who can open an account?',
      answer: `Anyone aged 18 or older who lives in a country where using ${productName} is lawful. You need your own email address and phone number, and one account per person. Before you can withdraw, you also need to verify your identity with a passport.`,
    },
    {
      question: 'How do I deposit?',
      answer:
        'In your dashboard, open Deposit, choose Bitcoin, Ethereum or USDT and enter the amount in US dollars. We then show the wallet address to pay to and its QR code. Send the payment, upload a picture of your receipt, and submit. The deposit shows as pending in your transaction history while our staff check it, and it counts toward your balance only once it is approved.',
    },
    {
      question: 'How do withdrawals work?',
      answer:
        'Open Withdrawal, choose the coin and its network, paste your wallet address and enter the amount in US dollars. The amount is held at once, so your available balance falls, and the request shows as pending until our team reviews it. Once approved, the coin is sent to your address; if a request is declined, the hold is released and we tell you why. A withdrawal of profit can start only after profit is made and after 30% of the capital has been obtained. Check the address and network carefully: a payment sent on a blockchain cannot be reversed.',
    },
    {
      question: 'Why do you need my passport?',
      answer:
        'Identity verification (KYC, "know your customer") is required by anti-money-laundering rules, and it stops anyone else from using your name. Open KYC in your dashboard, choose Passport and upload one clear image of the photo page. Our team reviews it, and the page confirms once you are verified. The image is stored securely, outside the public website, and is shown only to you and the staff who review it.',
    },
    {
      question: 'What fees do you charge?',
      answer: `Fees follow our fee schedule, which applies to every account. The transaction fee on deposits and withdrawals is shown as 0 USD. When you send crypto to us, your own wallet or exchange may charge a network fee, which we do not control. For the current fee schedule, write to ${supportEmail}.`,
    },
    {
      question: 'How does the referral program work?',
      answer:
        'Copy your referral link from the Referral Program page and share it. When someone registers through it, your referral ID is filled in on their sign-up form. Once their first deposit is approved, a referral bonus is credited to your Bonus balance. The page lists everyone who joined with your link, with names partly hidden, and the bonus each has earned you. Referring yourself or creating extra accounts is not allowed.',
    },
    {
      question: 'What are account tiers and trading plans?',
      answer:
        'There are eight trading plans, from Student (from £100) to Diamond (above £5,000,000). Your account tier is the plan whose range holds the total of your approved deposits, and it changes on its own as deposits are approved. Higher plans come with faster support. A plan sets your capital range and support level; it is not a promise of any return.',
    },
    {
      question: 'How do I reach support?',
      answer: `Customer support is available 24/7. Email ${supportEmail} or send a message through the Contact Us page, which also lists any other way to reach us that the team offers. Replies come within 48 hours on Essential plans and within 24 hours on Advanced and Professional plans; Elite Trading plans add live chat, phone support and consultations.`,
    },
  ];
}
