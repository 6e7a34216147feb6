import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** 32 bytes in hex. */
const hexKey = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('loadConfig', () => {
  it('starts with defaults on a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(config.REGISTRATIONS_PER_HOUR).toBe(10);
    expect(config.SIGN_INS_PER_15_MINUTES).toBe(60);
    expect(config.SESSION_IDLE_MINUTES).toBe(30);
    expect(config.SESSION_MAX_HOURS).toBe(12);
    expect(config.ADMIN_TWO_FACTOR).toBe('required');
    expect(config.WITHDRAWAL_SECOND_APPROVAL_USD).toBe(10_000);
    expect(config.POSTING_SECOND_APPROVAL_USD).toBe(0);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('builds links from PUBLIC_URL when it is set, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://invest.example.com/' }).PUBLIC_URL).toBe(
      'https://invest.example.com',
    );
  });

  it('believes X-Forwarded-For from a number of proxies or from listed addresses, never from anyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '2001:db8::/32',
    ]);
  });

  it('refuses TRUST_PROXY=true, saying why', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe every X-Forwarded-For hop/,
    );
  });

  it('reads the market image origins as origins, space-separated', () => {
    expect(loadConfig({}).MARKET_IMAGE_ORIGINS).toContain('https://coin-images.coingecko.com');
    expect(
      loadConfig({ MARKET_IMAGE_ORIGINS: ' https://img.example.com/coins/  http://127.0.0.1:9000 ' })
        .MARKET_IMAGE_ORIGINS,
    ).toEqual(['https://img.example.com', 'http://127.0.0.1:9000']);
  });

  it('runs production with real mail only; a trial may use the outbox', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', SECRETS_KEY: hexKey })
        .SMTP_URL,
    ).toBe('smtp://mail.example.com:587');
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('reads SECRETS_KEY as 32 bytes, in hex or base64 (standard or URL-safe, padded or not)', () => {
    const key = Buffer.from(hexKey, 'hex');
    expect(loadConfig({ SECRETS_KEY: hexKey }).SECRETS_KEY).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: hexKey.toUpperCase() }).SECRETS_KEY).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).SECRETS_KEY).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64url') }).SECRETS_KEY).toEqual(key);
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
  });

  it('refuses a SECRETS_KEY of another length, naming the variable, never its value', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    expect(() => loadConfig({ SECRETS_KEY: short })).toThrow(
      /^Invalid configuration:\n\s+SECRETS_KEY: must be 32 random bytes as 64 hex digits or in base64 \(openssl rand -base64 32\), not 16 bytes$/,
    );
    for (const value of [hexKey.slice(2), `${hexKey}00`, 'correct horse battery staple', short]) {
      const error = (() => {
        try {
          loadConfig({ SECRETS_KEY: value });
        } catch (thrown) {
          return thrown as Error;
        }
        throw new Error(`accepted ${value}`);
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toMatch(/SECRETS_KEY: must be 32 random bytes/);
      expect(error.message).not.toContain(value);
    }
  });

  it('refuses to run production without SECRETS_KEY, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /^Invalid configuration:\n\s+SECRETS_KEY: must be set when NODE_ENV=production: 32 random bytes/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).SECRETS_KEY).toBeUndefined();
  });

  it('keeps uploads in the data folder unless UPLOADS_URL names a bucket, with an optional prefix', () => {
    expect(loadConfig({}).UPLOADS_URL).toBeUndefined();
    const region = { AWS_REGION: 'eu-west-3' };
    expect(loadConfig({ ...region, UPLOADS_URL: 's3://ledgerline-uploads' }).UPLOADS_URL).toEqual({
      bucket: 'ledgerline-uploads',
      prefix: '',
    });
    expect(loadConfig({ ...region, UPLOADS_URL: 's3://ledgerline.uploads/prod/files/' }).UPLOADS_URL).toEqual(
      {
        bucket: 'ledgerline.uploads',
        prefix: 'prod/files/',
      },
    );
  });

  it('gives a stopping instance SHUTDOWN_GRACE_SECONDS, 10 by default', () => {
    expect(loadConfig({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '1' }).SHUTDOWN_GRACE_SECONDS).toBe(1);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '300' }).SHUTDOWN_GRACE_SECONDS).toBe(300);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', WHATSAPP_NUMBER: '' }).PORT).toBe(3000);
  });

  it('refuses an ADMIN_PASSWORD the password policy refuses, saying which rule it breaks', () => {
    const admin = { ADMIN_EMAIL: 'owner@example.com' };
    expect(() => loadConfig({ ...admin, ADMIN_PASSWORD: 'short' })).toThrow(
      new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: must be at least 8 characters'),
    );
    expect(() => loadConfig({ ...admin, ADMIN_PASSWORD: 'Password123' })).toThrow(
      /^Invalid configuration:\n {2}ADMIN_PASSWORD: is one of the most commonly used passwords/,
    );
    expect(loadConfig({ ...admin, ADMIN_PASSWORD: 'violet-anchor-meadow-93' }).ADMIN_PASSWORD).toBe(
      'violet-anchor-meadow-93',
    );
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'support-at-example' }],
    ['WHATSAPP_NUMBER', { WHATSAPP_NUMBER: 'call me' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.local' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['REGISTRATIONS_PER_HOUR', { REGISTRATIONS_PER_HOUR: '0' }],
    ['SIGN_INS_PER_15_MINUTES', { SIGN_INS_PER_15_MINUTES: '0' }],
    ['REDIS_URL', { REDIS_URL: 'localhost' }],
    ['MARKET_IMAGE_ORIGINS', { MARKET_IMAGE_ORIGINS: 'javascript:alert(1)' }],
    ['SMTP_URL', { NODE_ENV: 'production' }],
    ['SECRETS_KEY', { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }],
    ['SECRETS_KEY', { SECRETS_KEY: 'not a key' }],
    ['UPLOADS_URL', { UPLOADS_URL: 'https://uploads.example.com', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://Bucket_Name', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://bucket:9000/prefix', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://key:secret@bucket', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://bucket/../other', AWS_REGION: 'us-east-1' }],
    ['UPLOADS_URL', { UPLOADS_URL: 's3://bucket?versionId=1', AWS_REGION: 'us-east-1' }],
    ['AWS_REGION', { UPLOADS_URL: 's3://uploads' }],
    ['AWS_ENDPOINT_URL_S3', { AWS_ENDPOINT_URL_S3: 'minio:9000' }],
    ['AWS_SECRET_ACCESS_KEY', { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }],
    ['SHUTDOWN_GRACE_SECONDS', { SHUTDOWN_GRACE_SECONDS: '0' }],
    ['SHUTDOWN_GRACE_SECONDS', { SHUTDOWN_GRACE_SECONDS: '301' }],
    ['SHUTDOWN_GRACE_SECONDS', { SHUTDOWN_GRACE_SECONDS: '2.5' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}:`));
  });
});
