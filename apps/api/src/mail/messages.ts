import type { Config } from '../config/config';
import { escapeHtml } from './html';
import type { MailMessage } from './message';

type Branding = Pick<Config, 'PRODUCT_NAME' | 'PUBLIC_URL'>;

/** The one layout of every message: a greeting, paragraphs, one button-like link, a footer. */
function layout(
  config: Branding,
  parts: { heading: string; paragraphs: string[]; action?: { label: string; href: string } },
) {
  const action = parts.action
    ? `<p><a href="${escapeHtml(parts.action.href)}" style="display:inline-block;padding:10px 18px;background:#1f4fd1;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px;color:#555555">If the button does not work, copy this address into your browser:<br>${escapeHtml(parts.action.href)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
<p style="font-size:12px;color:#777777">${escapeHtml(config.PRODUCT_NAME)} · ${escapeHtml(config.PUBLIC_URL)}</p>
</body></html>`;
}

function plainText(
  config: Branding,
  parts: { heading: string; paragraphs: string[]; action?: { label: string; href: string } },
) {
  return [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.href}`, ''] : []),
    `${config.PRODUCT_NAME} · ${config.PUBLIC_URL}`,
  ].join('\n');
}

function message(
  config: Branding,
  to: string,
  subject: string,
  parts: { heading: string; paragraphs: string[]; action?: { label: string; href: string } },
): MailMessage {
  return {
    to,
    subject,
    text: plainText(config, parts),
    html: layout(config, parts),
    links: parts.action ? [parts.action.href] : [],
  };
}

/**
 * A message as its recipient's account shows it: the owner's anti-phishing phrase in a box at the top
 * of the HTML and on the first line of the text, so a forged mail without it stands out. The phrase
 * is escaped like every other text of the layout.
 */
export function withAntiPhishingPhrase(mail: MailMessage, phrase: string): MailMessage {
  const line = `Your anti-phishing phrase: «${phrase}»`;
  const box = `\n<p style="margin:0 0 16px;padding:10px 14px;border:1px solid #1f4fd1;border-radius:6px;background:#eef3ff;font-size:14px">Your anti-phishing phrase: <strong>«${escapeHtml(phrase)}»</strong></p>`;
  // The layout opens its body once; the box goes right after it, before anything else is read.
  const html = /<body[^>]*>/.test(mail.html)
    ? mail.html.replace(/<body[^>]*>/, (body) => `${body}${box}`)
    : `${box.trimStart()}\n${mail.html}`;
  return { ...mail, text: `${line}\n\n${mail.text}`, html };
}

/** The link the sign-up mail carries; the site's /verify-email page reads both parameters. */
export function verificationLink(config: Branding, email: string, verificationToken: string): string {
  const query = new URLSearchParams({ email, verificationToken });
  return `${config.PUBLIC_URL}/verify-email?${query.toString()}`;
}

/** The link the reset mail carries; the site's /change-password page reads both parameters. */
export function passwordResetLink(config: Branding, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${config.PUBLIC_URL}/change-password?${query.toString()}`;
}

/**
 * The sign-up mail. The address is not yet proven to be the person's, so the mail carries nothing
 * they typed (not their name): no one can send a message of their own words from us to anyone.
 */
export function verificationMail(config: Branding, to: { email: string }, link: string) {
  return message(config, to.email, `Verify your email for ${config.PRODUCT_NAME}`, {
    heading: `Welcome to ${config.PRODUCT_NAME}`,
    paragraphs: [
      'Please confirm your email address to finish creating your account. The link is valid for 24 hours and can be used once.',
      'If you did not create this account, you can ignore this message.',
    ],
    action: { label: 'Verify my email', href: link },
  });
}

/**
 * The reset mail. It greets the person by name only when their address is verified: the name of an
 * unverified account is whatever whoever signed up with the address typed.
 */
export function passwordResetMail(
  config: Branding,
  to: { email: string; verifiedName?: string },
  link: string,
) {
  return message(config, to.email, `Reset your ${config.PRODUCT_NAME} password`, {
    heading: 'Reset your password',
    paragraphs: [
      `${to.verifiedName ? `Hello ${to.verifiedName}, someone` : 'Someone'} asked to reset the password of your account. The link is valid for 1 hour and can be used once. Resetting signs out every device.`,
      'If it was not you, ignore this message: your password stays unchanged.',
    ],
    action: { label: 'Choose a new password', href: link },
  });
}

/** The link the email-change mail carries; the site's /confirm-email-change page reads it. */
export function emailChangeLink(config: Branding, token: string): string {
  return `${config.PUBLIC_URL}/confirm-email-change?${new URLSearchParams({ token }).toString()}`;
}

/** The "this wasn't me" link mailed to the old address once a change of email is confirmed. */
export function emailChangeRevertLink(config: Branding, token: string): string {
  return `${config.PUBLIC_URL}/revert-email-change?${new URLSearchParams({ token }).toString()}`;
}

/** The link that cancels a turning off of the withdrawal-address lock before it takes effect. */
export function addressLockCancelLink(config: Branding, token: string): string {
  return `${config.PUBLIC_URL}/cancel-address-lock-off?${new URLSearchParams({ token }).toString()}`;
}

/** The link the invitation to join the admins carries; the site's /admin-invitation page reads it. */
export function adminInvitationLink(config: Branding, token: string): string {
  return `${config.PUBLIC_URL}/admin-invitation?${new URLSearchParams({ token }).toString()}`;
}

/**
 * The invitation to join the back office. It names the admin who invited (an admin's name is the
 * platform's, not a stranger's words) and holds nothing else anyone typed.
 */
export function adminInvitationMail(
  config: Branding,
  to: { email: string; invitedBy: string },
  link: string,
) {
  return message(config, to.email, `You are invited to the ${config.PRODUCT_NAME} back office`, {
    heading: 'Join the back office',
    paragraphs: [
      `${to.invitedBy} invited you to become an admin of ${config.PRODUCT_NAME}. Follow the link to choose your password. The link is valid for 72 hours and can be used once.`,
      'If you already have an account with this address, its password is replaced and you are signed out everywhere.',
      'If you did not expect this, ignore this message: nothing changes.',
    ],
    action: { label: 'Join the back office', href: link },
  });
}

/**
 * The mail to a new address asked for as an account's sign-in email. It carries nothing the account
 * holds, not even its anti-phishing phrase (the address is not yet proven to be the owner's): only
 * when the owner has one, a line saying why this mail lacks it.
 */
export function emailChangeConfirmationMail(
  config: Branding,
  to: { email: string; hasAntiPhishingPhrase: boolean },
  link: string,
) {
  return message(config, to.email, `Confirm your new email for ${config.PRODUCT_NAME}`, {
    heading: 'Confirm your new email',
    paragraphs: [
      `Someone asked to make this address the sign-in email of a ${config.PRODUCT_NAME} account. The link is valid for 24 hours and can be used once; until it is followed, nothing changes.`,
      ...(to.hasAntiPhishingPhrase
        ? [
            'This mail does not show your anti-phishing phrase: this address is not yet confirmed as yours. Mails after the change will show it.',
          ]
        : []),
      'If it was not you, ignore this message.',
    ],
    action: { label: 'Confirm my new email', href: link },
  });
}

/**
 * Sent instead of a confirmation link when the new address already has an account: the request is
 * answered alike either way, and the address's owner learns why no link came. Nothing the person
 * asking typed is in it.
 */
export function emailChangeAddressTakenMail(config: Branding, to: { email: string }) {
  return message(
    config,
    to.email,
    `Someone asked to use your email on another ${config.PRODUCT_NAME} account`,
    {
      heading: 'Your email is already in use',
      paragraphs: [
        `Someone signed in to a ${config.PRODUCT_NAME} account asked to make this address its sign-in email. This address already has an account, so nothing was changed.`,
        'If it was you, sign in with this address instead. If it was not, you can ignore this message.',
      ],
      action: { label: 'Sign in', href: `${config.PUBLIC_URL}/sign-in` },
    },
  );
}

/**
 * Sent instead of a second account: sign-up answers alike whether or not an email has an account, and
 * its owner learns of the attempt. Nothing the person signing up typed is in it.
 */
export function signUpAttemptMail(config: Branding, to: { email: string }) {
  return message(
    config,
    to.email,
    `Someone tried to create a ${config.PRODUCT_NAME} account with your email`,
    {
      heading: 'Someone tried to create an account with your email',
      paragraphs: [
        `This email address already has a ${config.PRODUCT_NAME} account, so no new account was made and nothing was changed.`,
        `If it was you, sign in instead; if you have forgotten your password, use "Forgot password" on the sign-in page (${config.PUBLIC_URL}/forgot-password). If it was not you, you can ignore this message.`,
      ],
      action: { label: 'Sign in', href: `${config.PUBLIC_URL}/sign-in` },
    },
  );
}

export function contactMessageMail(
  config: Branding & Pick<Config, 'SUPPORT_EMAIL'>,
  contact: { name: string; email: string; message: string },
): MailMessage {
  return {
    // A name is one line in a subject, whatever was typed.
    ...message(
      config,
      config.SUPPORT_EMAIL,
      `Contact form: message from ${contact.name.replace(/\s+/g, ' ')}`,
      {
        heading: `New message from ${contact.name} <${contact.email}>`,
        paragraphs: contact.message.split(/\r?\n\r?\n/),
      },
    ),
    // Support answers the person, not the server's no-reply address.
    replyTo: contact.email,
  };
}

/** A reviewed request, as the mail telling its owner the outcome needs it. */
export type ReviewOutcome = {
  to: { email: string; fullname: string };
  status: 'approved' | 'rejected';
  /** The reviewer's reason, shown to the user on a rejection. */
  reason: string | null;
} & (
  | { kind: 'deposit'; amount: string; ref: string }
  | { kind: 'withdrawal'; amount: string; ref: string; address: string; network: string }
  | { kind: 'kyc' }
);

/**
 * The mail that tells a user how an admin resolved their request: what, the outcome, and on a
 * rejection the reviewer's reason, as their history shows it. `amount` is already formatted ("$250.00").
 */
export function reviewOutcomeMail(config: Branding, outcome: ReviewOutcome): MailMessage {
  const hello = `Hello ${outcome.to.fullname},`;
  const reason = outcome.reason ? [`The reason given: ${outcome.reason}`] : [];
  const history = { label: 'See your history', href: `${config.PUBLIC_URL}/dashboard/transaction-history` };
  const parts = (() => {
    switch (outcome.kind) {
      case 'deposit':
        return outcome.status === 'approved'
          ? {
              subject: `Your deposit of ${outcome.amount} was approved`,
              heading: 'Deposit approved',
              paragraphs: [
                `${hello} your deposit ${outcome.ref} of ${outcome.amount} was approved and is in your available balance.`,
              ],
              action: history,
            }
          : {
              subject: `Your deposit of ${outcome.amount} was not approved`,
              heading: 'Deposit not approved',
              paragraphs: [
                `${hello} your deposit ${outcome.ref} of ${outcome.amount} was not approved, and nothing was added to your balance.`,
                ...reason,
                'If you believe this is a mistake, reply through the contact page with the reference above.',
              ],
              action: history,
            };
      case 'withdrawal':
        return outcome.status === 'approved'
          ? {
              subject: `Your withdrawal of ${outcome.amount} was approved`,
              heading: 'Withdrawal approved',
              paragraphs: [
                `${hello} your withdrawal ${outcome.ref} of ${outcome.amount} was approved and is being sent to ${outcome.address} on the ${outcome.network} network.`,
              ],
              action: history,
            }
          : {
              subject: `Your withdrawal of ${outcome.amount} was not approved`,
              heading: 'Withdrawal not approved',
              paragraphs: [
                `${hello} your withdrawal ${outcome.ref} of ${outcome.amount} was not approved. The amount is back in your available balance.`,
                ...reason,
              ],
              action: history,
            };
      case 'kyc':
        return outcome.status === 'approved'
          ? {
              subject: 'Your identity is verified',
              heading: 'Identity verified',
              paragraphs: [`${hello} your identity document was approved: your account is verified.`],
              action: { label: 'Open your dashboard', href: `${config.PUBLIC_URL}/dashboard/kyc` },
            }
          : {
              subject: 'Your identity document was not approved',
              heading: 'Identity document not approved',
              paragraphs: [
                `${hello} your identity document was not approved.`,
                ...reason,
                'You can send a new document from your dashboard.',
              ],
              action: { label: 'Send a new document', href: `${config.PUBLIC_URL}/dashboard/kyc` },
            };
    }
  })();
  return message(config, outcome.to.email, parts.subject, parts);
}

/** The account security events its owner is mailed about. */
export type SecurityMailEvent =
  | 'new browser sign-in'
  | 'password changed'
  | 'two-factor on'
  | 'two-factor off'
  | 'recovery code used'
  | 'wrong two-factor codes'
  | 'email change requested'
  | 'email changed'
  | 'email change reverted'
  | 'anti-phishing phrase set'
  | 'anti-phishing phrase removed'
  | 'withdrawal requested'
  | 'withdrawal address added'
  | 'withdrawal address lock off';

const securityMailTexts: Record<SecurityMailEvent, { subject: string; happened: string }> = {
  'new browser sign-in': {
    subject: 'New sign-in from a browser',
    happened: 'Your account was signed in to from a browser it had not been used from before',
  },
  'password changed': {
    subject: 'Your password was changed',
    happened: 'The password of your account was changed',
  },
  'two-factor on': {
    subject: 'Two-factor authentication is on',
    happened: 'Two-factor authentication was turned on for your account',
  },
  'two-factor off': {
    subject: 'Two-factor authentication is off',
    happened: 'Two-factor authentication was turned off for your account',
  },
  'recovery code used': {
    subject: 'A recovery code was used',
    happened: 'One of your recovery codes was used to sign in',
  },
  'wrong two-factor codes': {
    subject: 'Your password was used with wrong codes',
    happened:
      'Someone signed in with the right password of your account, then gave wrong two-factor codes: the sign-in was refused. If it was not you, your password is known to someone else',
  },
  'email change requested': {
    subject: 'A change of your email was asked for',
    happened:
      'Someone signed in to your account asked to change its sign-in email; nothing changes unless the link mailed to the new address is followed',
  },
  'email changed': {
    subject: 'Your email was changed',
    happened: 'The sign-in email of your account was changed, and this address no longer signs in',
  },
  'email change reverted': {
    subject: 'Your email change was undone',
    happened:
      'The change of your sign-in email was undone from the link mailed to this address: every session was signed out and withdrawals are paused',
  },
  'anti-phishing phrase set': {
    subject: 'Your anti-phishing phrase was set',
    happened:
      'The anti-phishing phrase of your account was set; from now on every mail from us shows it at the top',
  },
  'anti-phishing phrase removed': {
    subject: 'Your anti-phishing phrase was removed',
    happened: 'The anti-phishing phrase of your account was removed; mails from us no longer show one',
  },
  'withdrawal requested': {
    subject: 'A withdrawal was requested',
    happened: 'A withdrawal was requested from your account',
  },
  'withdrawal address added': {
    subject: 'A withdrawal address was saved',
    happened: 'A withdrawal address was saved to your account',
  },
  'withdrawal address lock off': {
    subject: 'The lock on your withdrawal addresses is turning off',
    happened:
      'Turning off the lock "Only allow withdrawals to my saved addresses" was asked for: once it takes effect, withdrawals may go to any address',
  },
};

/**
 * The mail that tells an account's owner of a change to its security: what happened, when (UTC) and
 * from where (browser, system, approximate network), and what to do if it was not them: reset the
 * password, which also signs out every device.
 */
export function securityMail(
  config: Branding,
  to: { email: string; fullname: string },
  event: SecurityMailEvent,
  facts: {
    at: Date;
    from: string;
    detail?: string;
    /** What the owner does if it was not them, in place of resetting the password: undoing it. */
    undo?: { label: string; href: string };
  },
): MailMessage {
  const text = securityMailTexts[event];
  const when = `${facts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return message(config, to.email, `${config.PRODUCT_NAME}: ${text.subject}`, {
    heading: text.subject,
    paragraphs: [
      `Hello ${to.fullname}, ${text.happened}${facts.detail ? ` (${facts.detail})` : ''}.`,
      `When: ${when}. From: ${facts.from}.`,
      facts.undo
        ? `If this was you, there is nothing to do. If it was not, follow the link below ("${facts.undo.label}"), then reset your password: resetting it signs out every device.`
        : 'If this was you, there is nothing to do. If it was not, reset your password now: resetting it signs out every device.',
    ],
    action: facts.undo ?? { label: 'Reset my password', href: `${config.PUBLIC_URL}/forgot-password` },
  });
}
