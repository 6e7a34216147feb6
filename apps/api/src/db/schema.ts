import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The database of part 1: accounts, sessions, one-time tokens, the public forms and the mail outbox.
 * Conventions that part 2 (ledger, deposits, withdrawals, KYC, wallets, audit log) builds on:
 * - every id is a UUID made by the database (`_id` in the contract), so rows never leak a count;
 * - every instant is `timestamptz`, written and read in UTC;
 * - money will be integer cents in `bigint` columns of its own tables, never a column on `users`:
 *   every figure of the overview is a query over ledger entries, so nothing here stores a balance;
 * - only features PostgreSQL 15 and PGlite (PostgreSQL 18) share: the same migrations run on both.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['user', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased before it is stored, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    fullname: text('fullname').notNull(),
    phone: text('phone').notNull(),
    /** The country's name as the sign-up form's select shows it. */
    country: text('country').notNull(),
    address: text('address').notNull().default(''),
    maritalStatus: text('marital_status').notNull().default(''),
    gender: text('gender').notNull().default(''),
    investmentGoal: text('investment_goal').notNull().default(''),
    activityLogStatus: boolean('activity_log_status').notNull().default(false),
    role: roleEnum('role').notNull().default('user'),
    /** argon2id, with its parameters and salt in the PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Null until the mailed link is followed; only verified accounts may sign in. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** Generated lower case; `referredBy` codes are lower-cased before the lookup. */
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_referral_code_unique').on(table.referralCode),
    index('users_referred_by_idx').on(table.referredById),
    index('users_role_idx').on(table.role),
    // The lower-casing rules of the spec, kept by the database too.
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_referral_code_lower_case', sql`${table.referralCode} = lower(${table.referralCode})`),
  ],
);

/**
 * The one notification a user has (set by an admin in part 2; the overview's modal shows it).
 * A row exists only once a notification was set: no row answers `notification: null`.
 */
export const notifications = pgTable('notifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  persistent: boolean('persistent').notNull().default(false),
  seen: boolean('seen').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ['verify_email', 'reset_password']);

/**
 * Single-use tokens mailed as links (email verification, password reset). Only a SHA-256 of the
 * token is kept: a copy of the database cannot be used to verify an address or take an account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

/**
 * Bearer sessions. Only a SHA-256 of the opaque token is kept. A session ends at `expiresAt`
 * (absolute), after SESSION_IDLE_MINUTES without use (measured from `lastUsedAt`), or when revoked
 * (logout, password change or reset).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased, so subscribing twice in another case is still one subscription. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_unique').on(table.email),
    check('newsletter_subscriptions_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Mail written while no SMTP server is configured (`SMTP_URL` unset): the product still works on a
 * fresh machine, and the console prints each message's links. Bodies are kept as sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);
