import type { Config } from '../config/config';
import { escapeHtml } from './html';
import type { MailMessage } from './mailer';

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
