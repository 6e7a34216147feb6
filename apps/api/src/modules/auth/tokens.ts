import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in every token the server hands out: 256 bits, well above the 128 required. */
export const tokenBytes = 32;

/**
 * A new opaque token (session, email verification, password reset): random bytes as base64url, safe
 * in a URL and a header. Only its hash is ever stored.
 */
export function newToken(): string {
  return randomBytes(tokenBytes).toString('base64url');
}

/**
 * The stored form of a token. A fast hash is enough here, unlike for passwords: the token has 256
 * random bits, so there is nothing to guess, only a copy of the database to make useless.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
