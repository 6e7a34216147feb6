import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (two-factor secrets) are kept encrypted, as a password manager
 * keeps them: AES-256-GCM under SECRETS_KEY, which is never in the database, so a copy of the
 * database (a backup, a leaked dump) holds no usable secret. The stored form is
 * `v1:<iv>:<tag>:<ciphertext>`, each part base64url: the version names the key and the cipher, so
 * another key can take over later. Each value is bound to its owner (GCM's additional data): a sealed
 * secret copied onto another account does not open.
 */
export type SecretBox = {
  /** The stored form of `plain`, owned by `owner`: a fresh random IV each time. */
  seal(plain: string, owner: string): string;
  /**
   * The secret a stored value holds. A value from before secrets were sealed (no version) is read as
   * it is: the start seals those, and an instance of the previous version may still write one while
   * a release rolls out. Throws `SealedSecretError` when the value does not open: another key
   * sealed it, it was altered, or it belongs to another owner. Never answers a wrong secret.
   */
  open(stored: string, owner: string): string;
};

/** A stored secret this server cannot open: the message says why, for the log; the request fails. */
export class SealedSecretError extends Error {}

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

/** Whether a stored value is sealed (rather than a value from before sealing). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${version}:`);
}

/** A value from before sealing: a two-factor secret in base32, which has no `:`. */
const unsealedForm = /^[A-Z2-7]+=*$/;

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  const additionalData = (owner: string) => Buffer.from(`ledgerline:${version}:${owner}`, 'utf8');
  return {
    seal(plain, owner) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
      cipher.setAAD(additionalData(owner));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [version, ...parts].join(':');
    },
    open(stored, owner) {
      if (!isSealed(stored)) {
        if (unsealedForm.test(stored)) return stored;
        throw new SealedSecretError('A stored secret is in no known form (neither sealed nor base32)');
      }
      const [, iv, tag, ciphertext, ...rest] = stored.split(':');
      if (iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SealedSecretError('A sealed secret is malformed: expected v1:<iv>:<tag>:<ciphertext>');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: tagBytes,
        });
        decipher.setAAD(additionalData(owner));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SealedSecretError(
          "A sealed secret does not open with SECRETS_KEY: it was sealed with another key (is SECRETS_KEY the one this database's secrets were sealed with?), altered, or copied from another account",
        );
      }
    },
  };
}
