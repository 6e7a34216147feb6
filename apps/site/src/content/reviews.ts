import type { SectionHeading, SiteContentConfig, Testimonial } from './types';

/** The reviews page heading, "Embracing Healthy Competition" word for word, and its lead line. */
export function reviewsHeading({ productName }: SiteContentConfig): SectionHeading {
  return {
    title: 'Embracing Healthy Competition',
    brief: `Compare us with any other platform you are considering. Here is what some customers say about using ${productName}.`,
  };
}

/**
 * The five testimonies of the reviews carousel.
 *
 * @operatorClaim testimonials
 * Verify: each is a real customer's words, published with their written consent under the name and
 * city they agreed to; otherwise replace it with one that is, or remove the page. Never add ratings,
 * figures or results a customer did not state and cannot back.
 */
export const testimonials: Testimonial[] = [
  {
    quote:
      'Every deposit and withdrawal is in my history with its status, so I always know where my money is.',
    name: 'Maria G.',
    city: 'Austin',
    image: '/illustrations/avatar-1.svg',
  },
  {
    quote:
      'I started on the Student plan to learn how it works before committing more. The risks were spelled out before I deposited anything.',
    name: 'Daniel K.',
    city: 'Manchester',
    image: '/illustrations/avatar-2.svg',
  },
  {
    quote:
      'My passport check was reviewed quickly, and when I had a question about a deposit, support answered by email the same day.',
    name: 'Aisha O.',
    city: 'Toronto',
    image: '/illustrations/avatar-3.svg',
  },
  {
    quote:
      'Withdrawals are reviewed before they go out. It takes a little longer, and I prefer it that way with my savings.',
    name: 'Tom W.',
    city: 'Denver',
    image: '/illustrations/avatar-4.svg',
  },
  {
    quote:
      'The fees and the withdrawal rules are written down in plain English. No surprises when I asked to withdraw.',
    name: 'Sofia R.',
    city: 'Dublin',
    image: '/illustrations/avatar-5.svg',
  },
];
