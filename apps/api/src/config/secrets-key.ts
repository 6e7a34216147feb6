import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key that seals stored secrets (AES-256-GCM): exactly 32 bytes. */
export const secretsKeyBytes = 32;

/** The file in DATA_DIR that keeps a local trial's key when SECRETS_KEY is not set. */
export const localSecretsKeyFile = 'secrets.key';

/**
 * SECRETS_KEY as given: 64 hex digits, or base64 (standard or URL-safe, padded or not) of exactly 32
 * bytes. Answers the key, or what is wrong with it. The message never repeats the value: it is a secret.
 */
export function parseSecretsKey(text: string): Buffer | string {
  const value = text.trim();
  const expected = `must be ${secretsKeyBytes} random bytes as 64 hex digits or in base64 (openssl rand -base64 32)`;
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return `${expected}: it is neither`;
  const key = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length !== secretsKeyBytes) return `${expected}, not ${key.length} bytes`;
  return key;
}

/**
 * A local trial's key (`pnpm start`, `pnpm dev`: SECRETS_KEY unset, never in production): made once,
 * from a CSPRNG, into `DATA_DIR/secrets.key` (mode 0600, readable by the server's user alone), and
 * read back at every later start, so the secrets it sealed stay readable. The file appears whole or
 * not at all (written under another name, then linked), so two processes starting at once agree.
 * A file that holds no valid key stops the start, naming the file.
 */
export function localSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, localSecretsKeyFile);
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(secretsKeyBytes).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const key = parseSecretsKey(readFileSync(file, 'utf8'));
  if (typeof key === 'string') throw new Error(`${file} (the local SECRETS_KEY) ${key}`);
  return key;
}
