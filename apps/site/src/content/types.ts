/**
 * The shapes of the site's copy. Content modules are plain data: screens decide how it looks.
 * Anything an operator configures (product name, support address) is passed in, never written here.
 */

/** What the copy is written with; both come from configuration. */
export type SiteContentConfig = {
  /** The product name people see (`VITE_PRODUCT_NAME`). */
  productName: string;
  /** The support mailbox (`SUPPORT_EMAIL`), named wherever the copy gives a contact. */
  supportEmail: string;
};

/** A static content item: title, brief or answer, image, optional button label and href. */
export type ContentItem = {
  title: string;
  brief: string;
  /** A local SVG illustration, e.g. `/illustrations/asset-stocks.svg`. */
  image?: string;
  buttonLabel?: string;
  href?: string;
};

/** A button or link a hero offers. */
export type ContentAction = { label: string; href: string };

/** A hero band: a title, a short lead and its actions. */
export type Hero = {
  title: string;
  brief: string;
  image?: string;
  actions: ContentAction[];
};

/** A heading with its introductory line, above a group of items. */
export type SectionHeading = { title: string; brief: string };

export type FaqItem = { question: string; answer: string };

export type LegalSection = { heading: string; paragraphs: string[]; list?: string[] };

export type LegalDocument = {
  title: string;
  /** The date the document was last updated, as printed, e.g. 'September 10, 2023'. */
  updated: string;
  intro: string;
  sections: LegalSection[];
};

export type PlanName =
  | 'Student'
  | 'Basic'
  | 'Standard'
  | 'Bronze'
  | 'Silver'
  | 'Gold'
  | 'Platinum'
  | 'Diamond';

export type PlanSubtitle = 'Essential' | 'Advanced' | 'Professional' | 'Elite Trading';

/** A plan's amount range in pounds: both ends inclusive, or open-ended above `from` (exclusive). */
export type PlanAmount = { kind: 'range'; from: number; to: number } | { kind: 'above'; from: number };

/** A dashboard trading plan, priced in pounds: Student from £100 up to Diamond above £5,000,000. */
export type Plan = {
  title: PlanName;
  subtitle: PlanSubtitle;
  /** The range in pounds, as numbers. */
  amount: PlanAmount;
  /** The range as printed, in US number format: '£100 to £1,999.99', 'Above £5,000,000'. */
  range: string;
  /** How support answers on this plan. */
  support: string;
  features: string[];
  buttonLabel: 'Invest Now';
  href: '/dashboard/deposit';
};

/** A customer's words on the reviews page: first name and initial, and a city. */
export type Testimonial = { quote: string; name: string; city: string; image?: string };

/** Identifies a claim an operator must make true or replace before going live. */
export type OperatorClaimId =
  | 'testimonials'
  | 'security-commitments'
  | 'regulations'
  | 'how-it-works'
  | 'asset-classes'
  | 'support-availability'
  | 'fee-schedule'
  | 'operator-identity';

export type OperatorClaim = {
  id: OperatorClaimId;
  /** What must be verified, made true or replaced, in a sentence or two. */
  description: string;
  /** Where the claim is made: `file#export`, relative to `src/content`. */
  source: string[];
};

/** The public routes that carry a title and meta description. */
export type PublicRoute =
  | '/'
  | '/about-us'
  | '/contact-us'
  | '/reviews'
  | '/regulations'
  | '/privacy-policy'
  | '/terms-of-service'
  | '/sign-up'
  | '/sign-in'
  | '/forgot-password'
  | '/change-password'
  | '/verify-email'
  | '/confirm-email-change'
  | '/revert-email-change'
  | '/cancel-address-lock-off'
  | '/admin-invitation'
  | '/check-email';

export type PageMeta = { title: string; description: string };
