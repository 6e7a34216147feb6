import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from './totp';

/** RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" and its 8-digit codes. */
const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;
const rfcVectors: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(rfcVectors)('at %i s gives the RFC 6238 code %s, in its last 6 digits', (seconds, eightDigits) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(rfcSecret, at)).toBe(eightDigits.slice(2));
    expect(acceptedTotpStep(rfcSecret, eightDigits.slice(2), null, at)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the codes of one step either side, and no further', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(rfcSecret, new Date(now.getTime() + offset * 30_000));
      expect(acceptedTotpStep(rfcSecret, code, null, now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = totpCode(rfcSecret, new Date(now.getTime() + offset * 30_000));
      expect(acceptedTotpStep(rfcSecret, code, null, now)).toBeNull();
    }
  });

  it('never accepts a code of a step already used, or of an earlier one', () => {
    const now = new Date(1_800_000_000_000);
    const code = totpCode(rfcSecret, now);
    const step = acceptedTotpStep(rfcSecret, code, null, now);
    expect(step).toBe(totpStep(now));
    expect(acceptedTotpStep(rfcSecret, code, step, now)).toBeNull();
    const earlier = totpCode(rfcSecret, new Date(now.getTime() - 30_000));
    expect(acceptedTotpStep(rfcSecret, earlier, step, now)).toBeNull();
    const later = new Date(now.getTime() + 30_000);
    expect(acceptedTotpStep(rfcSecret, totpCode(rfcSecret, later), step, later)).toBe((step ?? 0) + 1);
  });

  it('refuses what is not six digits', () => {
    const now = new Date();
    const code = totpCode(rfcSecret, now);
    for (const typed of [` ${code}`, `${code}0`, code.slice(1), 'abcdef', '']) {
      expect(acceptedTotpStep(rfcSecret, typed, null, now)).toBeNull();
    }
  });

  it('makes 160-bit secrets and a URI apps read: SHA-1, 6 digits, 30 seconds', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'Ledgerline', 'jane@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Ledgerline:jane@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: 'Ledgerline',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten unambiguous characters in two groups, compared whatever the case, hyphen or spaces', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(Array.from({ length: 50 }, newRecoveryCode)).size).toBe(50);
    const typed = `  ${code.toUpperCase().replace('-', ' ')} `;
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(newRecoveryCode()));
  });
});
