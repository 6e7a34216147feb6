import type { LegalDocument, SiteContentConfig } from '../types';

/**
 * The regulations page. Its text comes with no date; it carries the privacy policy's (September 10, 2023),
 * the newest of the dated legal pages, until the operator sets its own.
 *
 * @operatorClaim regulations
 * Verify with counsel and the compliance officer before going live, or replace: the registrations or
 * licences the operator holds and where (name the authority and the registration number on this page);
 * the countries where the service is offered or refused; that KYC, anti-money-laundering monitoring,
 * sanctions screening, record keeping and complaint handling run as described; the date.
 * @operatorClaim security-commitments
 * Verify: customer crypto is held in offline cold storage, as "Customer funds and records" says.
 * @operatorClaim fee-schedule
 * Verify: the fee schedule "Fees and transparency" refers to is published.
 */
export function regulations({ productName, supportEmail }: SiteContentConfig): LegalDocument {
  return {
    title: 'Regulations',
    updated: 'September 10, 2023',
    intro: `This page sets out the rules ${productName} follows as a provider of crypto-asset investment services: who may use the service, how we verify customers, how we prevent financial crime, and how we handle your funds and your complaints.`,
    sections: [
      {
        heading: 'Our regulatory position',
        paragraphs: [
          'Rules for crypto-asset services differ from country to country and change often. We offer our services only where we are permitted to, and we hold or rely on the registrations that our services require in those places.',
          `If the law of the country where you live does not allow you to use ${productName}, you must not open an account. If the law changes, we may have to limit or end the services in your country; we will tell you in advance where we can.`,
        ],
      },
      {
        heading: 'Age and eligibility',
        paragraphs: [
          'Users must be 18 or older. You must open your account in your own name, act for yourself, and hold one account only.',
        ],
      },
      {
        heading: 'Know your customer (KYC)',
        paragraphs: [
          'We verify the identity of every customer before approving withdrawals. You upload a clear image of the photo page of your passport, and our staff check it against the details on your account. Passport images are stored securely, outside the public website, and are seen only by you and the staff who review them.',
          'We may ask you to verify again, or to provide further documents, for example when your details change, when a document expires, or when the law requires it.',
        ],
      },
      {
        heading: 'Anti-money laundering and counter-terrorist financing',
        paragraphs: [
          'We have a duty to prevent our services from being used to launder money or finance terrorism. To meet it:',
        ],
        list: [
          'our staff review every deposit and every withdrawal before it is approved;',
          'we monitor accounts for unusual activity, and may ask where your funds come from and why you are making a transaction;',
          'we may delay, decline or freeze a transaction, or suspend an account, while we look into it;',
          'we report suspicious activity to the competent authorities, and the law may not allow us to tell you that we have done so.',
        ],
      },
      {
        heading: 'Sanctions',
        paragraphs: [
          'We screen customers against international sanctions lists. We do not provide services to people or organisations that are subject to sanctions, or to anyone acting for them, and we may refuse transactions with addresses linked to sanctioned parties.',
        ],
      },
      {
        heading: 'Customer funds and records',
        paragraphs: [
          'Customer crypto is kept in offline cold storage, separate from the operator’s own funds. Each customer’s balance is calculated from a ledger of entries that are never edited or deleted; corrections are made with new entries that the customer can see.',
          'Every action by our staff that moves money or reviews a document is recorded with who made it, when and why. We keep customer and transaction records for as long as the law requires, including after an account is closed.',
        ],
      },
      {
        heading: 'Fees and transparency',
        paragraphs: [
          'Fees follow our fee schedule, which forms part of our Terms of Service. The transaction fee on deposits and withdrawals is shown as 0 USD. The rule for withdrawing profit, and the other conditions of your account, are set out in the Terms of Service.',
        ],
      },
      {
        heading: 'Risk disclosure',
        paragraphs: [
          'Investing in crypto carries risk. Prices can fall sharply and quickly, and you can lose some or all of the money you invest. We do not promise any return. Crypto assets are generally not covered by deposit insurance or investor compensation schemes. Only invest money you can afford to lose.',
        ],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          `If you are unhappy with our service, write to ${supportEmail} and tell us what happened, including any transaction reference. We acknowledge every complaint, investigate it, and give you a written answer. If you are not satisfied with our answer, you may be able to refer your complaint to the authority or ombudsman responsible for financial services where you live.`,
        ],
      },
      {
        heading: 'Changes to this page',
        paragraphs: [
          'We update this page when our obligations or our registrations change, and change the date at the top when we do.',
        ],
      },
    ],
  };
}
