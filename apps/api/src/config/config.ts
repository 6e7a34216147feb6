import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../package-dir';
import { passwordPolicyBreach } from '../policies/password-policy';
import { localSecretsKey, parseSecretsKey } from './secrets-key';

const optionalUrl = z.url().optional();

/** `203.0.113.7`, `2001:db8::1`, `10.0.0.0/8` or `2001:db8::/32`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
const optionalString = z.string().min(1).optional();

/** An S3-compatible bucket, and the prefix (empty, or ending in `/`) of every key kept in it. */
export type UploadsBucket = { bucket: string; prefix: string };

/** `s3://bucket` or `s3://bucket/some/prefix`; null for anything else (a port, credentials, a query). */
function uploadsBucketOf(value: string): UploadsBucket | null {
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(value.trim());
  const bucket = match?.[1] ?? '';
  // S3's bucket naming rules: 3 to 63 characters, lowercase letters, digits, dots and hyphens,
  // beginning and ending with a letter or digit.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return null;
  const segments = (match?.[2] ?? '').split('/').filter((segment) => segment.length > 0);
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  return { bucket, prefix: segments.map((segment) => `${segment}/`).join('') };
}

/**
 * Every environment variable the server reads, validated once at start. The server refuses to start
 * with a message naming any bad variable. Nothing else in the server reads `process.env`.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * The port of `GET /metrics` (Prometheus text), served by a server of its own, never on `PORT`:
     * nothing the site serves, and no one who can only reach the site, can read it. Unset: metrics
     * are not served at all.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The address the metrics server listens on: loopback, unless the scraper runs on another host. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default(path.join(process.cwd(), 'data')),
    DATABASE_URL: optionalUrl,
    /** Connections to PostgreSQL per process (ignored on PGlite). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    REDIS_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Ledgerline <no-reply@ledgerline.local>'),
    SUPPORT_EMAIL: z.email().default('support@ledgerline.local'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'must be a phone number such as +15551234567')
      .optional(),
    MARKET_DATA_URL: z.url().default('https://api.coingecko.com/api/v3'),
    /**
     * Where the market data's coin images and sparklines are served from: the site's Content Security
     * Policy lets its pages load images from these origins (space-separated) and no others.
     */
    MARKET_IMAGE_ORIGINS: z
      .string()
      .default('https://coin-images.coingecko.com https://assets.coingecko.com https://www.coingecko.com')
      .transform((value, context) => {
        const origins: string[] = [];
        for (const part of value.split(/\s+/).filter((origin) => origin.length > 0)) {
          const url = URL.canParse(part) ? new URL(part) : null;
          if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
            context.addIssue({
              code: 'custom',
              message: `must be http(s) origins separated by spaces, not "${part}"`,
            });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    ADMIN_EMAIL: z.email().optional(),
    /**
     * The operator's chosen admin password: held to the same policy as any password a person chooses,
     * since it opens the back office from the first start.
     */
    ADMIN_PASSWORD: optionalString.superRefine((password, context) => {
      const breach = password === undefined ? null : passwordPolicyBreach(password);
      if (breach !== null) context.addIssue({ code: 'custom', message: breach });
    }),
    /**
     * The key that encrypts secrets kept in the database (two-factor secrets), AES-256-GCM: 32 random
     * bytes, base64 or hex. Required in production; unset elsewhere, the server makes one into
     * `DATA_DIR/secrets.key` at its first start and reads it back at the next ones.
     */
    SECRETS_KEY: z
      .string()
      .optional()
      .transform((value, context): Buffer | undefined => {
        if (value === undefined) return undefined;
        const key = parseSecretsKey(value);
        if (typeof key === 'string') {
          context.addIssue({ code: 'custom', message: key });
          return z.NEVER;
        }
        return key;
      }),
    /** How many accounts one client address may register in an hour. */
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
    SIGN_INS_PER_15_MINUTES: z.coerce.number().int().positive().default(60),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    /**
     * Whether admins must sign in with two-factor authentication: `required` (the default: an admin
     * without it may only enrol), or `optional` for local trials and tests not about it.
     */
    ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).default('required'),
    /**
     * Hours withdrawals are paused after a password reset, a change of email or two-factor being turned
     * off: whoever took over an account that way cannot take its money out before its owner hears of it (0: no pause).
     */
    WITHDRAWAL_PAUSE_AFTER_RESET_HOURS: z.coerce.number().min(0).max(720).default(24),
    /**
     * Minutes a newly saved withdrawal address waits before it may receive withdrawals while the
     * account's address lock is on: whoever gets into an account cannot save their own address and
     * empty it before the owner, mailed about it, can act (0: usable at once).
     */
    WITHDRAWAL_ADDRESS_HOLD_MINUTES: z.coerce.number().int().min(0).max(43_200).default(1440),
    /**
     * Hours a first-time investor has to change their mind: their first investment is priced at the
     * first valuation after them, and can be cancelled (its money back) until then (0: none).
     */
    FIRST_INVESTMENT_COOLING_OFF_HOURS: z.coerce.number().min(0).max(720).default(24),
    /** Live sessions one account may have: a sign-in beyond them ends the oldest. */
    MAX_SESSIONS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
    /**
     * Live event streams one network address may hold open on one instance (accounts behind one
     * office or home router share it): a stream beyond them is refused with 429.
     */
    EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().max(100_000).default(50),
    /** Live event streams one instance holds at most: a stream beyond them is sent to another (503). */
    EVENT_STREAMS_PER_INSTANCE: z.coerce.number().int().positive().max(1_000_000).default(10_000),
    /** Deposits one user may have awaiting review: another is refused until one is reviewed. */
    MAX_PENDING_DEPOSITS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
    /**
     * A withdrawal needs a second admin's approval after the first when the user's withdrawals of the
     * last 24 hours (pending and approved, itself included) come to more than this many US dollars, so
     * splitting an amount does not avoid it (0: every withdrawal needs two admins).
     */
    WITHDRAWAL_SECOND_APPROVAL_USD: z.coerce.number().min(0).default(10_000),
    /**
     * A posting (bonus or adjustment) of more than this many US dollars, either sign, is applied only
     * when a second admin approves it (0: every posting needs two admins).
     */
    POSTING_SECOND_APPROVAL_USD: z.coerce.number().min(0).default(0),
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    /**
     * How long a process may trust a session it found live before asking the database again (0:
     * every request asks). Revocations reach every process at once (PostgreSQL's notifications);
     * this is only how long one goes unheard if a process loses its notifications connection.
     */
    SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
    REFERRAL_BONUS_PERCENT: z.coerce.number().min(0).max(100).default(5),
    PRODUCT_NAME: z.string().min(1).max(60).default('Ledgerline'),
    SITE_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, 'apps', 'site', 'dist')),
    /**
     * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
     * `false` (none, the default), the number of proxies every request passes through, or their
     * addresses and CIDR ranges, comma-separated. `true` (believe every hop) is refused: a client
     * would pick its own address and escape every per-address limit.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): false | number | string[] => {
        const text = value.trim();
        if (text === 'false') return false;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        const entries = text.split(',').map((entry) => entry.trim());
        const wrong = entries.find((entry) => !isAddressOrRange(entry));
        if (text === 'true' || wrong !== undefined) {
          context.addIssue({
            code: 'custom',
            message:
              text === 'true'
                ? 'true would believe every X-Forwarded-For hop, which a client can write itself: give the number of proxies in front of the server, or their addresses or CIDR ranges'
                : `must be false, a number of proxies, or addresses and CIDR ranges separated by commas, not "${wrong}"`,
          });
          return z.NEVER;
        }
        return entries;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Where uploads are kept: unset, in `DATA_DIR/uploads` (one instance); `s3://bucket` or
     * `s3://bucket/prefix`, in an S3-compatible bucket that every instance shares.
     */
    UPLOADS_URL: z
      .string()
      .optional()
      .transform((value, context): UploadsBucket | undefined => {
        if (value === undefined) return undefined;
        const bucket = uploadsBucketOf(value);
        if (!bucket) {
          context.addIssue({
            code: 'custom',
            message: `must be s3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens), not "${value}"`,
          });
          return z.NEVER;
        }
        return bucket;
      }),
    /**
     * The S3 client's own variables. The AWS SDK reads them itself; they are named here so a bad one
     * is refused at start, and so an app built from another environment (tests) gets them too.
     * Without the keys, the SDK's other sources apply (shared files, the instance's role).
     */
    AWS_REGION: optionalString,
    AWS_ENDPOINT_URL_S3: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    AWS_ACCESS_KEY_ID: optionalString,
    AWS_SECRET_ACCESS_KEY: optionalString,
    AWS_SESSION_TOKEN: optionalString,
    /**
     * Seconds a stopping instance (SIGTERM, SIGINT) gives the requests it holds to finish; then it
     * closes what remains and exits with an error.
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /** The exchange whose public market data the funds trade on: a ccxt exchange id. */
    TRADING_EXCHANGE: z
      .string()
      .regex(/^[a-z0-9]+$/, 'must be a ccxt exchange id such as binance')
      .default('binance'),
    /**
     * Replaces the host of every REST endpoint of the exchange (scheme, host and port; paths kept), so
     * a local stand-in that speaks the exchange's REST answers instead. Unset: the exchange's own.
     */
    TRADING_EXCHANGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /**
     * Seconds between trading rounds (fetch the candles that closed, step each fund on them). A fund
     * steps once per closed candle of its timeframe whatever this is; tests shorten it.
     */
    TRADING_TICK_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /**
     * Minutes between valuations of each fund besides the one after each step: between steps the
     * NAV shown follows the newest stored prices, with the management fee accrued to that moment.
     */
    TRADING_VALUATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** `off`: this instance runs no trading round (another does, or trading is not wanted here). */
    TRADING_SCHEDULER: z.enum(['on', 'off']).default('on'),
  })
  .refine((env) => (env.AWS_ACCESS_KEY_ID === undefined) === (env.AWS_SECRET_ACCESS_KEY === undefined), {
    message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
    path: ['AWS_SECRET_ACCESS_KEY'],
  })
  // The S3 client signs every request for a region; S3-compatible servers without regions accept any.
  .refine((env) => env.UPLOADS_URL === undefined || env.AWS_REGION !== undefined, {
    message:
      "must be set with UPLOADS_URL: the bucket's region (any name, such as us-east-1, for a server that has none)",
    path: ['AWS_REGION'],
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // Without SMTP_URL mail goes to the local outbox, read by no one: a trial's convenience, never
  // production's, where people would wait for links that never come.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined, {
    message:
      'must be set when NODE_ENV=production: without it mail only goes to the local outbox (to try the product locally, leave NODE_ENV unset)',
    path: ['SMTP_URL'],
  })
  // A key made into DATA_DIR would sit beside the database it protects (and in its backups), and
  // each instance would make its own: production is given one.
  .refine((env) => env.NODE_ENV !== 'production' || env.SECRETS_KEY !== undefined, {
    message:
      'must be set when NODE_ENV=production: 32 random bytes in base64 or hex (openssl rand -base64 32), the key that encrypts two-factor secrets; keep it out of the database and its backups',
    path: ['SECRETS_KEY'],
  })
  .refine((env) => !env.METRICS_PORT || env.METRICS_PORT !== env.PORT, {
    message: "must be another port than PORT: the metrics are never served on the site's port",
    path: ['METRICS_PORT'],
  });

export type Config = z.infer<typeof schema> & {
  /** The site's public origin, used in every link the server writes (never the request's Host). */
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

/** Reads and validates the configuration from an environment (empty strings count as unset). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, ''),
  };
}

/**
 * The configuration with the key that seals secrets: SECRETS_KEY, or, when it is unset (never in
 * production, which refuses to start without it), the local trial's key kept in DATA_DIR.
 */
export function withSecretsKey(config: Config): Config & { SECRETS_KEY: Buffer } {
  if (config.SECRETS_KEY) return { ...config, SECRETS_KEY: config.SECRETS_KEY };
  try {
    return { ...config, SECRETS_KEY: localSecretsKey(config.DATA_DIR) };
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  SECRETS_KEY: ${(error as Error).message}`);
  }
}
