import type { OperatorClaim } from './types';

/**
 * Claims the site's copy makes that the operator must make true, or replace, before going live. Each
 * export that makes one carries a JSDoc `@operatorClaim <id>` tag with what to verify; README's
 * "Before going live" section is built from this list.
 */
export const operatorClaims: OperatorClaim[] = [
  {
    id: 'testimonials',
    description:
      'The five testimonies on /reviews must be real customers’ words, published with their written consent under the first name, initial and city they agreed to. Replace any that are not, or remove them; never add ratings, figures or results.',
    source: ['reviews.ts#testimonials'],
  },
  {
    id: 'security-commitments',
    description:
      'The five security commitments must be true: customer crypto held in offline cold storage; data collected only to run accounts and never sold; traffic and stored data encrypted, passwords hashed; suspicious activity detected and followed by enhanced withdrawal authentication; every deposit and withdrawal reviewed and recorded. Change any that are not.',
    source: ['home.ts#securityCommitments', 'legal/regulations.ts#regulations'],
  },
  {
    id: 'regulations',
    description:
      'The regulations page must describe the operator’s real regulatory position: the registrations or licences held, the authorities and registration numbers, the countries served and refused, and KYC, anti-money-laundering monitoring, sanctions screening, record keeping and complaint handling as actually practised. Have it reviewed by counsel and set its date.',
    source: ['legal/regulations.ts#regulations'],
  },
  {
    id: 'how-it-works',
    description:
      'The how-it-works steps, plans, FAQ and footer say that deposits can be made by bank transfer or card (the dashboard takes only Bitcoin, Ethereum and USDT; the footer shows a Mastercard logo), that capital is traded automatically with configurable strategies and risk rules, and that withdrawal limits and processing times apply. Make each true and publish the limits and times, or change the copy.',
    source: [
      'home.ts#homeHero',
      'home.ts#howItWorksSteps',
      'home.ts#homeFaq',
      'plans.ts#plans',
      'about.ts#aboutBlocks',
      'contact.ts#siteFooter',
      'legal/terms-of-service.ts#termsOfService',
    ],
  },
  {
    id: 'asset-classes',
    description:
      'The home and about pages present six investable asset classes (Stocks, Cryptocurrencies, Crypto Indices, Precious Metals, Commodities, ETFs). Confirm that customers’ capital is actually traded in each, or remove those that are not.',
    source: ['home.ts#homeSections', 'home.ts#assetClasses', 'about.ts#aboutBlocks'],
  },
  {
    id: 'support-availability',
    description:
      'The copy says customer support is available 24/7, answers within 48 hours on Essential plans and 24 hours on Advanced and Professional plans, and offers live chat, phone support and consultations on Elite Trading plans. Staff it accordingly, or change the copy.',
    source: [
      'home.ts#homeFaq',
      'about.ts#aboutBlocks',
      'contact.ts#contactPage',
      'plans.ts#plans',
      'legal/terms-of-service.ts#termsOfService',
    ],
  },
  {
    id: 'fee-schedule',
    description:
      'The pages say fees follow a fee schedule that forms part of the terms and that support sends on request, and that the transaction fee is 0 USD. Write and publish that schedule, including the referral bonus rate, and keep it consistent with the 0 USD fee shown.',
    source: [
      'home.ts#homeFaq',
      'legal/terms-of-service.ts#termsOfService',
      'legal/regulations.ts#regulations',
    ],
  },
  {
    id: 'operator-identity',
    description:
      'The About Us page, the privacy policy and the terms speak of "the operator" without naming it. Add the legal entity’s name, registered address and country of incorporation, and have counsel confirm the governing law, legal bases, international transfer safeguards, retention periods and liability clauses.',
    source: [
      'about.ts#aboutBlocks',
      'legal/privacy-policy.ts#privacyPolicy',
      'legal/terms-of-service.ts#termsOfService',
    ],
  },
];
