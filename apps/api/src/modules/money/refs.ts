import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export type RefPrefix = 'DEP' | 'WDR' | 'PRF' | 'BON' | 'ADJ' | 'REF';

/** A human-readable reference such as `DEP-7K2M9Q4X` (40 bits of randomness; unique indexes back it). */
export function newRef(prefix: RefPrefix): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += alphabet[randomInt(alphabet.length)];
  return `${prefix}-${code}`;
}
