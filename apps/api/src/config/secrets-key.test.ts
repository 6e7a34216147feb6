import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withSecretsKey } from './config';
import { localSecretsKey, localSecretsKeyFile, parseSecretsKey } from './secrets-key';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-key-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'not-yet-there');
}

describe("a local trial's key", () => {
  it('is made once into DATA_DIR/secrets.key, readable by its owner alone, and read back later', () => {
    const dataDir = newDataDir();
    const first = localSecretsKey(dataDir);
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, localSecretsKeyFile);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(readFileSync(file, 'utf8'))).toEqual(first);
    expect(localSecretsKey(dataDir)).toEqual(first);
    expect(withSecretsKey(loadConfig({ DATA_DIR: dataDir })).SECRETS_KEY).toEqual(first);
  });

  it('is not made when SECRETS_KEY is set', () => {
    const dataDir = newDataDir();
    const key = Buffer.alloc(32, 9);
    const config = withSecretsKey(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString('hex') }));
    expect(config.SECRETS_KEY).toEqual(key);
    expect(() => statSync(path.join(dataDir, localSecretsKeyFile))).toThrow(/ENOENT/);
  });

  it('stops the start, naming the file, when the file holds no key', () => {
    const dataDir = newDataDir();
    localSecretsKey(dataDir);
    writeFileSync(path.join(dataDir, localSecretsKeyFile), 'half a key\n');
    expect(() => withSecretsKey(loadConfig({ DATA_DIR: dataDir }))).toThrow(ConfigError);
    expect(() => withSecretsKey(loadConfig({ DATA_DIR: dataDir }))).toThrow(
      /SECRETS_KEY: .*secrets\.key \(the local SECRETS_KEY\) must be 32 random bytes/,
    );
  });
});
