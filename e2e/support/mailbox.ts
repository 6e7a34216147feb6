import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { mailDir } from './env';

/** Every message the SMTP sink has received so far, oldest first. */
async function allMail(): Promise<Email[]> {
  const files = readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => PostalMime.parse(readFileSync(path.join(mailDir, name)))));
}

/** The newest message to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await allMail())
      .filter(
        (mail) => mail.to?.some((address) => address.address === to) && subject.test(mail.subject ?? ''),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a message's plain text whose path is `pathname`. */
export function linkIn(mail: Email, pathname: string): URL {
  for (const link of (mail.text ?? '').match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(link);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`No ${pathname} link in: ${mail.text}`);
}
