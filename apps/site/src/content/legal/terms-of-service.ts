import type { LegalDocument, SiteContentConfig } from '../types';

/** The terms' rule for profit withdrawals, word for word as the terms state it. */
export const profitWithdrawalRule =
  'A withdrawal of profit can start only after profit is made and after 30% of the capital has been obtained.';

/**
 * The terms of service, dated August 10, 2022. Their contact details are the configured support address
 * (the original text had only a placeholder).
 *
 * @operatorClaim operator-identity
 * Verify with counsel before going live: name the operator (legal entity, registered address, country of
 * incorporation) as the party to these terms; confirm the governing law, the liability clauses and the
 * consumer rights that apply where you offer the service.
 * @operatorClaim fee-schedule
 * Verify: the fee schedule these terms incorporate is published, and withdrawal limits and processing
 * times are set.
 * @operatorClaim how-it-works
 * Verify: automated trading with configurable strategies and risk rules is what customers get.
 * @operatorClaim support-availability
 * Verify: support really answers 24/7, as the contact section says.
 */
export function termsOfService({ productName, supportEmail }: SiteContentConfig): LegalDocument {
  return {
    title: 'Terms of Service',
    updated: 'August 10, 2022',
    intro: `These terms are the agreement between you and the operator of ${productName} ("we", "us") for your use of the ${productName} website, dashboard and services. By creating an account or using the services, you accept them. If you do not agree, do not use ${productName}. Please read them together with our Privacy Policy and our Regulations page.`,
    sections: [
      {
        heading: '1. Who can use the services',
        paragraphs: ['To open and keep an account, you must meet all of these conditions:'],
        list: [
          'Users must be 18 or older, and you must have the legal capacity to enter into this agreement.',
          `Using ${productName} must be lawful in the country where you live.`,
          'You are not subject to sanctions, and you are not acting for someone who is.',
          'You open one account only, in your own name, and act for yourself.',
          'The information you give us is true, complete and kept up to date.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'You must confirm your email address before you can sign in. Keep your password to yourself and do not let anyone else use your account: you are responsible for what is done with it. If you think someone else has used it, change your password and tell us at once.',
          'For your protection, sessions end after a period without use and after a maximum length, and we limit repeated sign-in attempts. We will never ask you for your password by email, phone or chat.',
        ],
      },
      {
        heading: '3. Identity verification (KYC)',
        paragraphs: [
          'We must verify the identity of every customer. To do so, you upload a clear image of the photo page of your passport, which our staff review. We may ask for further information or documents, for example about the source of your funds.',
          'Until your identity is verified, we may decline withdrawal requests. We may refuse to open an account, or suspend one, if we cannot verify your identity. If you give us a false or altered document, we will close your account and may report it to the authorities.',
        ],
      },
      {
        heading: '4. Deposits',
        paragraphs: [
          'You deposit by choosing a coin (Bitcoin, Ethereum or USDT) and an amount in US dollars in your dashboard, sending the payment to the wallet address shown, and uploading an image of your receipt. Send only the coin shown, to the address shown. Crypto sent to a different address, or as a different coin, may be lost for good, and we may be unable to recover it.',
          'Each deposit is reviewed by our staff. It shows as pending until then, and counts toward your balance only once it is approved. We may decline a deposit we cannot match to a payment received, or that raises concerns under our legal obligations; where we can, we return the funds to their source.',
        ],
      },
      {
        heading: '5. Your balance and records',
        paragraphs: [
          'Your balance is calculated from a ledger: every deposit, withdrawal, profit, bonus and correction is an entry, and your transaction history shows them all. Entries are never edited or deleted. If we find a mistake, we correct it with a new entry, visible in your history.',
          'Amounts in your dashboard are shown in US dollars. If you think an entry is wrong, tell us promptly, with its reference.',
        ],
      },
      {
        heading: '6. Trading plans and automated trading',
        paragraphs: [
          'Your capital is traded automatically, with configurable strategies and risk rules. Profit from trading is credited to your balance as ledger entries. Results vary from week to week, and trading can produce losses as well as profit.',
          'Trading plans describe ranges of capital and levels of support. Your account tier is the plan whose range holds the total of your approved deposits. A plan is not a promise of any return.',
          'We do not give personal investment, tax or legal advice. Decide for yourself whether investing with us suits your circumstances, and seek independent advice if you are unsure.',
        ],
      },
      {
        heading: '7. Withdrawals',
        paragraphs: [
          'You request a withdrawal in your dashboard by choosing the coin, the network, the destination address and the amount in US dollars. The amount is held at once, so your available balance falls. Our staff then review the request. If it is approved, we send the coin to the address you gave; if it is declined, the hold is released and we tell you why.',
          profitWithdrawalRule,
          'Withdrawal limits and processing times apply. We may delay or decline a withdrawal while we verify your identity, investigate suspicious activity or meet a legal obligation.',
          'You are responsible for giving a correct address on the right network. Blockchain payments cannot be reversed, and we cannot recover funds sent to a wrong address.',
        ],
      },
      {
        heading: '8. Fees',
        paragraphs: [
          `Fees follow our fee schedule, which forms part of these terms and which support will send you on request at ${supportEmail}. The transaction fee on deposits and withdrawals is shown as 0 USD. Network fees charged by a blockchain, and fees charged by your own wallet or exchange, are outside our control.`,
          'We give notice before changing the fee schedule. A change does not apply to a request you made before it took effect.',
        ],
      },
      {
        heading: '9. Referral program',
        paragraphs: [
          'You may share your referral link with people you know. When someone registers through it and their first deposit is approved, a referral bonus is credited to your Bonus balance.',
          'Do not refer yourself, open accounts to collect bonuses, or send unsolicited messages to promote your link. We may withhold or reverse a bonus obtained in breach of these terms.',
        ],
      },
      {
        heading: '10. Risk',
        paragraphs: [
          'Investing in crypto carries risk, and you can lose money. Only invest money you can afford to lose, and consider these risks in particular:',
        ],
        list: [
          'Crypto prices are volatile. They can fall sharply and quickly, and you can lose some or all of the money you invest.',
          'Automated strategies and risk rules limit some risks but cannot remove them. They can make losses.',
          'Past results do not predict future ones, and we do not promise any return.',
          'Crypto assets are generally not covered by deposit insurance or investor compensation schemes.',
          'Laws and regulations on crypto assets change, and a change may affect the services or the value of your investment.',
          'Blockchains, wallets and networks can fail, be congested or be attacked, which can delay or prevent a payment.',
        ],
      },
      {
        heading: '11. Acceptable use',
        paragraphs: ['When you use the services, you must not:'],
        list: [
          'use them for money laundering, terrorist financing, fraud or any other unlawful purpose;',
          'use another person’s identity, documents or payment details;',
          'open more than one account, or use someone else’s account;',
          'interfere with the services, probe them for weaknesses, or try to get around rate limits or security checks;',
          'copy the services or collect data from them by automated means.',
        ],
      },
      {
        heading: '12. Suspension and closure',
        paragraphs: [
          'We may suspend or close your account if you breach these terms, if the law requires it, or if we detect activity that puts you, other customers or us at risk. Where the law allows, we tell you why.',
          `You may close your account at any time by writing to ${supportEmail}. When an account closes, pending requests are resolved first; we then pay out your available balance to an address you give us, subject to the checks the law requires and to the fee schedule.`,
        ],
      },
      {
        heading: '13. Intellectual property',
        paragraphs: [
          `The website, the dashboard and their content belong to the operator of ${productName} or its licensors. You may use them only to manage your own account, and not for any commercial purpose.`,
        ],
      },
      {
        heading: '14. Our liability',
        paragraphs: [
          'We provide the services with reasonable care and skill. We are not liable for losses caused by market movements, by your own mistakes (such as a wrong address or network), by failures of blockchains or other third-party networks, or by events beyond our reasonable control.',
          'Nothing in these terms limits or excludes any liability that the law does not allow to be limited or excluded, or your rights as a consumer.',
        ],
      },
      {
        heading: '15. Changes to these terms',
        paragraphs: [
          'We may change these terms, for example when the services or the law change. We update the date at the top and, for significant changes, tell you by email or by a notification in your dashboard before they take effect. If you do not accept a change, you may close your account before it takes effect.',
        ],
      },
      {
        heading: '16. Governing law and disputes',
        paragraphs: [
          `These terms are governed by the laws of the country in which the operator of ${productName} is incorporated. If you have a complaint, write to us first at ${supportEmail}, and we will try to resolve it with you. This does not take away your right to bring a claim in the courts where you live, where the law gives you that right.`,
        ],
      },
      {
        heading: '17. Contact us',
        paragraphs: [
          `For any question about these terms, write to ${supportEmail}. Customer support is available 24/7.`,
        ],
      },
    ],
  };
}
