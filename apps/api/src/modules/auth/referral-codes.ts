import { randomInt } from 'node:crypto';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so a code read aloud survives. */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const codeLength = 8;

/** A new referral code: lower case, as the spec's sign-up form lower-cases the code it sends. */
export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < codeLength; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}
