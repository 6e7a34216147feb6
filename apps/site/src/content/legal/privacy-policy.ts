import type { LegalDocument, SiteContentConfig } from '../types';

/**
 * The privacy policy, dated September 10, 2023. Its contact details are the configured support address
 * (the original text had only a placeholder).
 *
 * @operatorClaim operator-identity
 * Verify with counsel before going live: name the operator (legal entity, registered address) as the
 * party responsible for the data; confirm the legal bases, the safeguards for international transfers
 * and the retention periods against the law that applies to you.
 */
export function privacyPolicy({ productName, supportEmail }: SiteContentConfig): LegalDocument {
  return {
    title: 'Privacy Policy',
    updated: 'September 10, 2023',
    intro: `This policy explains what personal data ${productName} collects when you visit our website or use your account, why we collect it, how long we keep it, who we share it with and your rights. It applies to the website, the dashboard and the emails we send you.`,
    sections: [
      {
        heading: 'Who is responsible for your data',
        paragraphs: [
          `The operator of ${productName} ("we", "us") is responsible for the personal data described in this policy. For any question about this policy or about your data, write to ${supportEmail}.`,
        ],
      },
      {
        heading: 'The data we collect',
        paragraphs: [
          'We collect data you give us, data created when you use your account, and a small amount of technical data that every website receives.',
        ],
        list: [
          'Account data: your full name, email address, phone number, country, password, the referral ID you registered with (if any) and your investment goal.',
          'Profile data you choose to add: your address, marital status and gender.',
          'Identity verification data: the image of your passport that you upload, and the outcome of our review.',
          'Deposit data: the coin, the amount, the wallet address you paid to and the image of your receipt.',
          'Withdrawal data: the coin, the network, the destination address and the amount.',
          'Account records: the status of each request, the reasons given when a request is declined, and every entry on your balance (deposits, withdrawals, profit, bonuses and corrections).',
          'Referral data: who registered with your referral link and the bonus each referral earned you.',
          'Messages: what you send through the contact form (name, email address and message) and any email you write to us.',
          'Newsletter: your email address, if you subscribe.',
          'Technical data: your IP address, browser type and the time of each request, and, if you turn on "Save my Activity Logs" on your Profile page, a record of your account activity.',
        ],
      },
      {
        heading: 'How we use your data',
        paragraphs: ['We use your data only for the purposes below.'],
        list: [
          'To create and run your account, and to confirm that your email address is yours.',
          'To verify your identity and to meet our anti-money-laundering and counter-terrorist-financing obligations.',
          'To review and process your deposits and withdrawals, and to keep your balance accurate.',
          'To credit referral bonuses to the right account.',
          'To protect accounts: we limit repeated sign-in attempts and other repeated requests, and we look for activity that suggests someone else is using your account.',
          'To answer your messages and tell you about changes to your account, these policies or our services.',
          'To send you our newsletter, only if you subscribed to it.',
          'To comply with the law, and to establish or defend legal claims.',
        ],
      },
      {
        heading: 'Our legal bases',
        paragraphs: [
          'We process account, deposit, withdrawal and referral data because we need it to provide the service you signed up for. We process identity verification data, and keep account records, because the law requires us to. We process technical data to keep the service secure, in our legitimate interest and yours. We send the newsletter and keep activity logs with your consent, which you can withdraw at any time: unsubscribe from the newsletter by writing to us, or turn off "Save my Activity Logs" on your Profile page.',
        ],
      },
      {
        heading: 'Your identity documents',
        paragraphs: [
          'When you upload a passport image, we check that it is an image, re-encode it to remove hidden metadata, and store it securely under a name our server generates, outside the public website. It is shown only to you and to the staff who review it, and every review is recorded with who made it and when.',
          'We use your passport image to verify your identity and to meet our legal obligations, and for nothing else. It is never used for marketing.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'Our website does not use cookies to track you, and it loads no third-party trackers, analytics or advertising scripts.',
          'When you sign in, the site stores your session in your browser’s local storage: a random session token and your name. It is removed when you log out. A session also ends on our side after a period without use, and after a maximum length even if it is in use.',
          'The notification switches on your Profile page are kept on your device and are not sent to us. Market prices in the dashboard are fetched by our servers from a public market data service, so your browser does not contact that service.',
        ],
      },
      {
        heading: 'Who we share your data with',
        paragraphs: [
          'We do not sell your personal data, and we do not share it with anyone for advertising. We share it only as follows.',
        ],
        list: [
          'Service providers who host our systems and deliver our emails, under contracts that allow them to use the data only on our instructions.',
          'Authorities, such as financial regulators, tax authorities, courts and law enforcement, when the law requires us to.',
          'Professional advisers, such as auditors and lawyers, who are bound by confidentiality.',
          'A buyer or successor of the business, who must go on protecting your data under this policy.',
        ],
      },
      {
        heading: 'Public blockchains',
        paragraphs: [
          'When you send a deposit or we pay out a withdrawal, the transaction is recorded on a public blockchain. Anyone can see it, and nobody, including us, can change or erase it. We never publish your name alongside a blockchain address.',
        ],
      },
      {
        heading: 'International transfers',
        paragraphs: [
          'Our service providers may process data in countries other than yours. Where they do, we rely on the safeguards the law requires, such as standard contractual clauses, so that your data keeps the same level of protection.',
        ],
      },
      {
        heading: 'How long we keep your data',
        paragraphs: ['We keep your data only as long as we need it for the purposes above:'],
        list: [
          'Account data, identity verification data and account records: while your account is open, and afterwards for as long as anti-money-laundering, tax and accounting laws require. Ledger entries are never edited or deleted; a correction is a new entry, which is how balances stay accurate and can be checked.',
          'Contact form messages: as long as we need them to answer you and follow up.',
          'Newsletter address: until you unsubscribe.',
          'Technical data: for a short period, for security, unless it is needed to investigate an incident.',
        ],
      },
      {
        heading: 'How we protect your data',
        paragraphs: [
          'We protect your data with measures that match the risks of handling money and identity documents. Among them:',
        ],
        list: [
          'Connections to our website are encrypted.',
          'Passwords are stored only as one-way hashes, which nobody, including us, can turn back into the password.',
          'Session tokens and the links we email you are random, and only a one-way hash of each is stored.',
          'Repeated sign-in attempts and other repeated requests are limited.',
          'Uploaded images are checked, re-encoded and stored outside the public website.',
          'Staff access is limited to what each role needs, and actions that move money or review documents are recorded.',
        ],
      },
      {
        heading: 'If something goes wrong',
        paragraphs: [
          'No system is perfectly secure. If a breach of your personal data is likely to put you at risk, we will tell you and the relevant authority as the law requires.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['Depending on where you live, you have the right to:'],
        list: [
          'Ask for a copy of the personal data we hold about you.',
          'Have inaccurate data corrected.',
          'Have your data deleted, except where the law requires us to keep it.',
          'Restrict or object to some uses of your data.',
          'Receive the data you gave us in a format another service can use.',
          'Withdraw your consent where we rely on it.',
        ],
      },
      {
        heading: 'How to use your rights',
        paragraphs: [
          `You can correct most of your details yourself on your Profile page. For anything else, write to ${supportEmail} from the email address on your account. We may ask you to confirm your identity before we act, and we will answer within the time the law allows.`,
          'If you are not satisfied with our answer, you can complain to the data protection authority where you live.',
        ],
      },
      {
        heading: 'Age limit',
        paragraphs: [
          `${productName} is for adults. Users must be 18 or older, and we do not knowingly collect data from anyone younger. If we learn that we have, we close the account and delete the data, except where the law requires us to keep it.`,
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'When we change this policy, we update the date at the top. If a change affects how we use your data in a significant way, we tell you by email or by a notification in your dashboard before it takes effect.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          `For questions, requests or complaints about your personal data, write to ${supportEmail}.`,
        ],
      },
    ],
  };
}
