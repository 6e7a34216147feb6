import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';

let counter = 0;

/** A fresh, unique email for this run. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}${counter}@example.test`;
}

export const strongPassword = 'violet-anchor-meadow-93';

/** Registers and verifies an account through the API and the mail it sends, as a person would. */
export async function verifiedAccount(
  request: APIRequestContext,
  fullname: string,
  extra: { referredBy?: string } = {},
): Promise<{ email: string; password: string; fullname: string }> {
  const email = uniqueEmail(fullname.split(' ')[0]?.toLowerCase() ?? 'user');
  const registered = await request.post('/api/v1/auth/register', {
    data: { fullname, email, phone: '(555) 123-4567', password: strongPassword, country: 'Canada', ...extra },
  });
  expect(registered.status()).toBe(201);
  const link = linkIn(await waitForMail(email, /Verify your email/), '/verify-email');
  const verified = await request.post('/api/v1/auth/verify-email', {
    data: { email, verificationToken: link.searchParams.get('verificationToken') },
  });
  expect(verified.status()).toBe(200);
  return { email, password: strongPassword, fullname };
}

/** Signs in through the API and answers the bearer token. */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
