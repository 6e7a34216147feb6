import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { passwordPolicyBreach } from '../modules/auth/password-policy';

/** Where the repo's root is, so defaults work from any working directory. */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

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

/**
 * Every environment variable the server reads, validated once at start. The server refuses to start
 * with a message naming any bad variable. Nothing else in the server reads `process.env`.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
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
    /** How many accounts one client address may register in an hour. */
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    /** Live sessions one account may have: a sign-in beyond them ends the oldest. */
    MAX_SESSIONS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
    /** Deposits one user may have awaiting review: another is refused until one is reviewed. */
    MAX_PENDING_DEPOSITS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
    /**
     * A withdrawal of more than this many US dollars needs a second admin's approval after the first
     * (unset: one approval is enough for any amount).
     */
    WITHDRAWAL_SECOND_APPROVAL_USD: z.coerce.number().positive().optional(),
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    /**
     * How long a process may trust a session it found live before asking the database again (0:
     * every request asks). Revocations made by another process take effect within this time.
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
