/** One message, always in both HTML and plain text; `links` are the URLs it asks the reader to follow. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  replyTo?: string;
  /**
   * The account the mail is for when `to` is no longer its address (the old address, after a change
   * of email): its anti-phishing phrase is shown. Otherwise the account whose email is `to`, if any.
   */
  accountId?: string;
};
