import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from './tokens';

/**
 * Time-based one-time passwords as authenticator apps make them (RFC 6238): HMAC-SHA-1, 6 digits,
 * a new code every 30 seconds. Every app supports exactly these; anything else is a support call.
 */
export const totpParameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** Codes of the step before and after the current one are accepted too: clocks drift a little. */
const driftSteps = 1;

/** A new secret: 160 random bits (the size of an SHA-1 key), in base32 as apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/` URI an app reads from the QR code: the issuer, the account, the secret. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
  }).toString();
}

/** The 30-second step an instant falls in (the RFC's T). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpParameters.period);
}

/**
 * The step a 6-digit code belongs to, if it is right for `secret` at `now` (give or take one step)
 * and of a later step than `lastUsedStep`: a code, once accepted, is never accepted again, and
 * neither is an older one. Null otherwise.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now: Date,
): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
    timestamp: now.getTime(),
    window: driftSteps,
  });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The code an app shows for `secret` at `now`: for tests and for nothing else. */
export function totpCode(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), ...totpParameters, timestamp: now.getTime() });
}

/** Recovery codes per account: each replaces one code, once. */
export const recoveryCodeCount = 10;

/** Letters and digits that cannot be mistaken for one another when copied by hand (no 0/o, 1/l/i). */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new recovery code, `xxxxx-xxxxx`: 10 characters of 31, about 49.5 bits. */
export function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** A recovery code as typed, made comparable: lower case, without its hyphen or spaces. */
export function normalisedRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * The stored form of a recovery code: its hash. A fast hash will do, as for tokens: a code is only
 * ever tried through the sign-in limit, and the hash only has to make a copy of the table useless.
 */
export function hashRecoveryCode(typed: string): string {
  return hashToken(`recovery:${normalisedRecoveryCode(typed)}`);
}
