import { requestStatuses, transactionStatuses, withdrawalHoldReasons } from '@ledgerline/api-client/catalog';
import { coinTypes, networks } from '@ledgerline/rules/coins';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The database: accounts, sessions, one-time tokens, the public forms and the mail outbox (part 1);
 * the ledger, deposits, withdrawals, KYC, wallets, uploads, idempotency keys and the audit log (part 2).
 * Conventions:
 * - every id is a UUID made by the database (`_id` in the contract), so rows never leak a count;
 * - every instant is `timestamptz`, written and read in UTC;
 * - money is integer cents in `bigint` columns of its own tables, never a column on `users`: every
 *   figure of the overview is a query over ledger entries and requests, so nothing stores a balance;
 * - only features PostgreSQL 15 and PGlite (PostgreSQL 18) share: the same migrations run on both.
 */

/**
 * Millisecond precision, as JavaScript dates hold: a keyset cursor made from a row's `createdAt` then
 * compares exactly with the stored value.
 */
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();

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
    activityLogStatus: boolean('activity_log_status').notNull().default(true),
    role: roleEnum('role').notNull().default('user'),
    /** argon2id, with its parameters and salt in the PHC string. */
    passwordHash: text('password_hash').notNull(),
    /**
     * Set on the admin generated at start-up, whose password was printed on the console: until the
     * account changes its password (or resets it through the mailed link), it may do nothing else.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Null until the mailed link is followed; only verified accounts may sign in. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** Generated lower case; `referredBy` codes are lower-cased before the lookup. */
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The user's first approved deposit (the referral bonus's "first"), set once, by the approval that
     * makes it. That approval's UPDATE of this row is also the user's lock, so "first" is decided on the
     * newest version of the row, never on a snapshot older than a concurrent approval.
     */
    firstDepositId: uuid('first_deposit_id').references((): AnyPgColumn => deposits.id),
    /** The authenticator app's secret (base32) while two-factor is on; null while it is off. */
    twoFactorSecret: text('two_factor_secret'),
    /** The secret of a setup not yet confirmed by a code; it replaces nothing until it is. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The 30-second step of the last code accepted: that code, and every older one, is spent. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** Withdrawals are refused until then: set by a password reset and by two-factor turned off. */
    withdrawalsPausedUntil: timestamp('withdrawals_paused_until', { withTimezone: true, mode: 'date' }),
    /**
     * "Only allow withdrawals to my saved addresses": while on, a withdrawal must go to one of the
     * account's `withdrawal_addresses` whose hold has ended.
     */
    withdrawalAddressLock: boolean('withdrawal_address_lock').notNull().default(false),
    /**
     * When the lock, asked to turn off, is off: the hold after the request, so the owner, mailed a
     * link to cancel it, can act before a thief's withdrawal can go anywhere. Null: none asked for.
     */
    withdrawalAddressLockOffAt: timestamp('withdrawal_address_lock_off_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** The hash of the mailed link's token that cancels the asked-for turning off. */
    withdrawalAddressLockCancelHash: text('withdrawal_address_lock_cancel_hash'),
    /** The words every mail to this account shows at its top, so a forged mail lacks them; null: none. */
    antiPhishingPhrase: text('anti_phishing_phrase'),
    /**
     * When the account became an admin: it accepted an invitation, or was made one at start-up. Null
     * for a user, and for an admin made before this was kept (their account's creation stands in).
     */
    adminSince: timestamp('admin_since', { withTimezone: true, mode: 'date' }),
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
    /** The browser's User-Agent at sign-in (cut to 512 characters), to name the session to its owner. */
    userAgent: text('user_agent').notNull().default(''),
    /** The network the sign-in came from, approximate (an IPv4 /24, an IPv6 /48): never the address. */
    network: text('network').notNull().default(''),
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

// ------------------------------------------------------------------------------------------ money

// The contract's lists: a value added there must be added to these enums by a migration.
export const coinTypeEnum = pgEnum('coin_type', coinTypes);
export const networkEnum = pgEnum('network', networks);
export const requestStatusEnum = pgEnum('request_status', requestStatuses);
/** A withdrawal's state: a request's, or `cancelled` by its owner while it was pending. */
export const withdrawalStatusEnum = pgEnum('withdrawal_status', transactionStatuses);
/** The events that pause an account's withdrawals, and so hold its pending ones. */
export const withdrawalHoldReasonEnum = pgEnum('withdrawal_hold_reason', withdrawalHoldReasons);

/**
 * The ledger's accounts. Each user has `available` (what can be withdrawn) and `held` (pending
 * withdrawals); the platform's own accounts are the other side of every movement, so each journal
 * transaction sums to zero.
 */
export const ledgerAccountEnum = pgEnum('ledger_account', [
  'available',
  'held',
  'deposits_received',
  'withdrawals_paid',
  'profit_paid',
  'bonus_paid',
  'adjustments',
  // A user's money sent to a fund and waiting for its next valuation (USD).
  'pending_investment',
  // A user's units of a fund (the fund's unit asset).
  'fund_units',
  // A fund's own accounts: its cash (USD), each coin it holds (the coin), the counter-account of its
  // units in issue (minus the units outstanding), the market on the other side of its trades, the
  // exchange's fees and the platform's management fee.
  'fund_cash',
  'fund_coin',
  'fund_units_outstanding',
  'exchange',
  'exchange_fees',
  'management_fees',
]);

/** The accounts that belong to one user (`user_id` set): each is never overdrawn. */
export const userLedgerAccounts = ['available', 'held', 'pending_investment', 'fund_units'] as const;
/** The accounts that belong to one fund (`fund_id` set). */
export const fundLedgerAccounts = [
  'fund_units',
  'fund_cash',
  'fund_coin',
  'fund_units_outstanding',
  'exchange',
  'exchange_fees',
  'management_fees',
] as const;

/** Why a journal transaction was posted (the contract's `LedgerEntry.kind`). */
export const journalKindEnum = pgEnum('journal_kind', [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_paid',
  'profit',
  'bonus',
  'adjustment',
  'referral_bonus',
  // Trading: an investment sent (available → pending), refused and returned, priced (units issued);
  // a redemption paid; a fill; the management fee.
  'fund_investment',
  'fund_investment_refund',
  'fund_issue',
  'fund_redemption',
  'fund_trade',
  'fund_fee',
]);

export const uploadKindEnum = pgEnum('upload_kind', ['receipt', 'kyc']);

/**
 * Uploaded images (deposit receipts, KYC documents), re-encoded and stored as `<id>.<ext>` in the
 * upload store (`DATA_DIR/uploads`, or the bucket of UPLOADS_URL): a server-made name, outside any
 * web root. Only their owner and admins may read them.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    kind: uploadKindEnum('kind').notNull(),
    mediaType: text('media_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId),
    check('uploads_media_type', sql`${table.mediaType} IN ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/** The platform's wallets that users pay deposits to. The QR code is rendered from `address`. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletName: text('wallet_name').notNull(),
    type: coinTypeEnum('type').notNull(),
    address: text('address').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('wallets_type_idx').on(table.type, table.active)],
);

/**
 * Deposit requests. No money moves while `pending`; approval posts a `deposit` journal transaction.
 * A resolved request never changes again (a trigger refuses it).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ref: text('ref').notNull(),
    type: coinTypeEnum('type').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentTo: text('payment_to').notNull(),
    /** The wallet paid; a wallet that deposits reference cannot be deleted. */
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => uploads.id),
    status: requestStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('deposits_ref_unique').on(table.ref),
    index('deposits_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('deposits_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The back office's queue filters by status (and coin) and pages newest first: with these a page
    // reads its own rows only, however many rows of other states or coins lie between them (a coin's
    // few forgotten pending deposits, older than a backlog of thousands).
    index('deposits_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('deposits_status_type_created_idx').on(
      table.status,
      table.type,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('deposits_wallet_idx').on(table.walletId),
    // A user's pending deposits (a figure of every user-info), however many they have had.
    index('deposits_pending_user_idx').on(table.userId).where(sql`${table.status} = 'pending'`),
    check('deposits_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'deposits_resolution',
      sql`(${table.status} = 'pending') = (${table.resolvedAt} IS NULL AND ${table.reviewedById} IS NULL)`,
    ),
  ],
);

/**
 * Withdrawal requests. Creating one moves the amount from `available` to `held` at once. One above
 * the second-approval threshold is paid out by a second admin's approval: the first is kept in
 * `first_approved_by_id` and `first_approved_at`, set once while pending and never changed after
 * (a trigger, `drizzle/0006_withdrawal_second_approval.sql`).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ref: text('ref').notNull(),
    type: coinTypeEnum('type').notNull(),
    network: networkEnum('network').notNull(),
    address: text('address').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: withdrawalStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id),
    firstApprovedById: uuid('first_approved_by_id').references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when the account's withdrawals were paused (a password reset or change, a change of email,
     * two-factor turned off) while this one was pending: no admin may approve it while the pause
     * lasts. The latest such event; kept once the pause is over, so a reviewer still knows.
     */
    heldReason: withdrawalHoldReasonEnum('held_reason'),
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('withdrawals_ref_unique').on(table.ref),
    index('withdrawals_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('withdrawals_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    check('withdrawals_amount_positive', sql`${table.amountCents} > 0`),
    // Resolved once: approved or rejected by an admin, or cancelled by its owner (no admin).
    check(
      'withdrawals_resolution',
      sql`(${table.status} = 'pending') = (${table.resolvedAt} IS NULL) AND (${table.status} IN ('approved', 'rejected')) = (${table.reviewedById} IS NOT NULL)`,
    ),
    check('withdrawals_hold', sql`(${table.heldReason} IS NULL) = (${table.heldAt} IS NULL)`),
    check(
      'withdrawals_first_approval',
      sql`(${table.firstApprovedById} IS NULL) = (${table.firstApprovedAt} IS NULL)`,
    ),
    // Two approvals are two admins', neither of them the withdrawal's owner.
    check(
      'withdrawals_two_approvers',
      sql`${table.firstApprovedById} IS NULL OR (${table.firstApprovedById} <> ${table.userId} AND (${table.status} <> 'approved' OR ${table.firstApprovedById} <> ${table.reviewedById}))`,
    ),
  ],
);

/**
 * One journal transaction: a movement of money, whose entries sum to zero per asset (a deferred
 * trigger checks it at commit). `userId` is the user it concerns, `fundId` the fund; at least one of
 * them. `ref` is the history row's reference (a fill's client id for a trade). Append-only, like its
 * entries.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: journalKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    fundId: uuid('fund_id').references((): AnyPgColumn => funds.id),
    ref: text('ref').notNull(),
    memo: text('memo'),
    /** The admin who posted it; null for entries the system made (holds, referral bonuses). */
    createdById: uuid('created_by_id').references(() => users.id),
    depositId: uuid('deposit_id').references(() => deposits.id),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    /** For a referral bonus: the referred user whose first approved deposit earned it. */
    sourceUserId: uuid('source_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_journals_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Each request moves money at most once per step, and each referred user earns one bonus.
    uniqueIndex('ledger_journals_deposit_unique')
      .on(table.depositId)
      .where(sql`${table.depositId} IS NOT NULL`),
    uniqueIndex('ledger_journals_withdrawal_step_unique')
      .on(table.withdrawalId, table.kind)
      .where(sql`${table.withdrawalId} IS NOT NULL`),
    uniqueIndex('ledger_journals_referral_unique')
      .on(table.sourceUserId)
      .where(sql`${table.kind} = 'referral_bonus'`),
    // A fund's movements are posted once: one journal per fill, request and fee settlement.
    uniqueIndex('ledger_journals_fund_ref_unique')
      .on(table.fundId, table.kind, table.ref)
      .where(sql`${table.fundId} IS NOT NULL`),
    check('ledger_journals_concerns', sql`${table.userId} IS NOT NULL OR ${table.fundId} IS NOT NULL`),
  ],
);

/**
 * The entries of journal transactions. Append-only: a trigger refuses UPDATE and DELETE. Each entry
 * is in one asset (`USD`, a coin's code, or a fund's units `units:<fund id>`), its amount an integer
 * of that asset's smallest unit: cents, 10⁻⁸ of a coin, 10⁻⁶ of a unit.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    account: ledgerAccountEnum('account').notNull(),
    /**
     * The journal's kind, repeated on each entry (the database checks it matches at commit): a user's
     * figures are then one scan of their own entries, with no join to the journals.
     */
    kind: journalKindEnum('kind').notNull(),
    /** The owner of a user account (`available`, `held`, …); null for the platform's and funds' accounts. */
    userId: uuid('user_id').references(() => users.id),
    /** The fund of a fund's account and of a user's units; on a user's dollars, the fund they moved to or from. */
    fundId: uuid('fund_id').references((): AnyPgColumn => funds.id),
    /** What the amount counts; dollars unless said otherwise. */
    asset: text('asset').notNull().default('USD'),
    /** Positive is a credit to the account, negative a debit; in the smallest unit of `asset`. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_journal_idx').on(table.journalId),
    index('ledger_entries_user_account_idx').on(table.userId, table.account),
    index('ledger_entries_fund_account_idx')
      .on(table.fundId, table.account, table.asset)
      .where(sql`${table.fundId} IS NOT NULL`),
    check('ledger_entries_amount_not_zero', sql`${table.amountCents} <> 0`),
    // Compared as text: the accounts added to the enum cannot be named as enum values in the
    // migration's own transaction.
    check(
      'ledger_entries_owner',
      sql`(${table.account}::text IN ('available', 'held', 'pending_investment', 'fund_units')) = (${table.userId} IS NOT NULL)`,
    ),
    // A fund's accounts name their fund; a user's dollars may name the fund they went to or came from.
    check(
      'ledger_entries_fund',
      sql`${table.account}::text NOT IN ('fund_units', 'fund_cash', 'fund_coin', 'fund_units_outstanding', 'exchange', 'exchange_fees', 'management_fees') OR ${table.fundId} IS NOT NULL`,
    ),
    // Dollars stay dollars: every account of the money ledger, and a fund's cash, holds USD only;
    // units are only ever the units of the entry's own fund.
    check(
      'ledger_entries_asset',
      sql`CASE
        WHEN ${table.account}::text IN ('available', 'held', 'deposits_received', 'withdrawals_paid', 'profit_paid', 'bonus_paid', 'adjustments', 'pending_investment', 'fund_cash', 'exchange_fees', 'management_fees') THEN ${table.asset} = 'USD'
        WHEN ${table.account}::text IN ('fund_units', 'fund_units_outstanding') THEN ${table.asset} = 'units:' || ${table.fundId}::text
        WHEN ${table.account}::text = 'fund_coin' THEN ${table.asset} <> 'USD' AND ${table.asset} NOT LIKE 'units:%'
        ELSE true
      END`,
    ),
  ],
);

export const kycDocumentEnum = pgEnum('kyc_document', ['passport']);

/** Identity checks: one pending request per user at a time, and none after one is approved. */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    document: kycDocumentEnum('document').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => uploads.id),
    status: requestStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('kyc_requests_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('kyc_requests_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    uniqueIndex('kyc_requests_one_open')
      .on(table.userId)
      .where(sql`${table.status} IN ('pending', 'approved')`),
    check(
      'kyc_requests_resolution',
      sql`(${table.status} = 'pending') = (${table.resolvedAt} IS NULL AND ${table.reviewedById} IS NULL)`,
    ),
  ],
);

/**
 * The answers of requests sent with an `Idempotency-Key`, per user and operation: the same key and
 * body answers the stored answer again; the same key with another body is refused (422).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_keys_unique').on(table.userId, table.operation, table.key)],
);

export const approvalKindEnum = pgEnum('approval_kind', [
  'posting',
  'wallet',
  'admin_invite',
  'admin_remove',
]);

/**
 * What an approved proposal applies: a posting to a user, a wallet added or changed, an invitation
 * to join the admins mailed to `email`, or the admin `userId` (whose email was `email`) made a user.
 */
export type ApprovalChange =
  | { kind: 'bonus' | 'adjustment'; amountCents: number; memo: string }
  | { team: 'invite'; email: string }
  | { team: 'remove'; userId: string; email: string }
  | {
      change: 'create' | 'update';
      walletName: string;
      type: (typeof coinTypes)[number];
      address: string;
      active: boolean;
      previous: {
        walletName: string;
        type: (typeof coinTypes)[number];
        address: string;
        active: boolean;
      } | null;
    };

/**
 * Changes no one admin makes alone (four eyes): a posting, a wallet added, its address changed or
 * reactivated, an admin invited (once there are two) or removed. Proposed by one admin, applied only
 * when a second, different admin approves: the database refuses an approval by the proposer (a check)
 * and any change once decided (a trigger), so a proposal is decided, and applied, at most once.
 * `user_id` is the user a posting is for, or the admin a removal is of; `wallet_id` the wallet
 * changed (a new one's, once approved). No foreign key on it: deleting a wallet never rewrites a
 * decided proposal.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: approvalKindEnum('kind').notNull(),
    status: requestStatusEnum('status').notNull().default('pending'),
    proposedById: uuid('proposed_by_id')
      .notNull()
      .references(() => users.id),
    userId: uuid('user_id').references(() => users.id),
    walletId: uuid('wallet_id'),
    change: jsonb('change').$type<ApprovalChange>().notNull(),
    resultRef: text('result_ref'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('approvals_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('approvals_pending_idx').on(table.status, table.userId),
    check(
      'approvals_decision',
      sql`(${table.status} = 'pending') = (${table.decidedAt} IS NULL AND ${table.decidedById} IS NULL)`,
    ),
    // Four eyes: the admin who proposed a change never approves it.
    check(
      'approvals_four_eyes',
      sql`${table.status} <> 'approved' OR ${table.decidedById} <> ${table.proposedById}`,
    ),
    // Compared as text: a value added to the enum cannot be named in the migration that adds it.
    check(
      'approvals_posting_user',
      sql`(${table.kind}::text IN ('posting', 'admin_remove')) = (${table.userId} IS NOT NULL)`,
    ),
    // The admin a removal is of never approves it: they are not the second pair of eyes on themselves.
    check(
      'approvals_not_own_removal',
      sql`${table.kind}::text <> 'admin_remove' OR ${table.status} <> 'approved' OR ${table.decidedById} <> ${table.userId}`,
    ),
  ],
);

/**
 * Invitations to join the admins, mailed as a link valid for 72 hours and usable once. Only the
 * token's hash is kept. `invitedById` is the admin who invited (who proposed it, when a second admin
 * approved it: `approvalId`); `acceptedUserId` the account that became an admin by it;
 * `cancelledById` the admin who cancelled it before it was accepted, which kills its link.
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased, like `users.email`. */
    email: text('email').notNull(),
    invitedById: uuid('invited_by_id')
      .notNull()
      .references(() => users.id),
    approvalId: uuid('approval_id').references(() => approvals.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledById: uuid('cancelled_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('admin_invitations_token_hash_unique').on(table.tokenHash),
    index('admin_invitations_email_idx').on(table.email),
    check('admin_invitations_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check(
      'admin_invitations_accepted',
      sql`(${table.acceptedAt} IS NULL) = (${table.acceptedUserId} IS NULL)`,
    ),
    check(
      'admin_invitations_cancelled',
      sql`(${table.cancelledAt} IS NULL) = (${table.cancelledById} IS NULL)`,
    ),
    // An invitation ends once, either way: a cancelled link makes no admin, an accepted one is not cancelled.
    check(
      'admin_invitations_accepted_or_cancelled',
      sql`${table.acceptedAt} IS NULL OR ${table.cancelledAt} IS NULL`,
    ),
  ],
);

/** Every admin action: who, when, what and why. Append-only, like the ledger. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt.desc().nullsFirst()),
  ],
);

/** One recovery code of an account with two-factor on: only its hash; `usedAt` once it has signed in. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/**
 * A sign-in halfway: the password was right, the two-factor code is still to come. Only the token's
 * hash is kept; it lives minutes and is finished once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    network: text('network').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** Wrong codes given to it: the owner is mailed at the third (someone else may know the password). */
    wrongCodes: integer('wrong_codes').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sign_in_challenges_token_hash_unique').on(table.tokenHash),
    index('sign_in_challenges_expires_idx').on(table.expiresAt),
  ],
);

/**
 * What a user did, recorded while their "Save my Activity Logs" switch is on (the contract's
 * `ActivityKind`); read by them only, newest first.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Null for what was done to the account rather than from a browser (an admin's review). */
    userAgent: text('user_agent'),
    network: text('network'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [
    index('activity_log_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each try of the appropriateness check an investor takes before a first investment: the answers as
 * given and whether they passed. The newest try is where they stand; a failed one may be followed by
 * another a day later.
 */
export const appropriatenessChecks = pgTable(
  'appropriateness_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    passed: boolean('passed').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('appropriateness_checks_user_taken_idx').on(table.userId, table.takenAt.desc())],
);

/**
 * The account's saved withdrawal destinations, one per network and address. `usableFrom` is when the
 * address may receive a withdrawal while the address lock is on: `WITHDRAWAL_ADDRESS_HOLD_MINUTES`
 * after it was saved, so a thief who gets into the account cannot add an address and empty it at once.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: coinTypeEnum('type').notNull(),
    network: networkEnum('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    usableFrom: timestamp('usable_from', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawal_addresses_user_network_address_unique').on(
      table.userId,
      table.network,
      table.address,
    ),
  ],
);

/**
 * A change of sign-in email waiting for the new address to confirm it through the mailed link. Only
 * the token's hash is kept; until `confirmedAt` is set the account keeps its old email.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, like `users.email`. */
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The email the change replaced, set when it is confirmed: a revert gives it back. */
    oldEmail: text('old_email'),
    /** The hash of the "this wasn't me" link's token mailed to the old address at confirmation. */
    revertTokenHash: text('revert_token_hash'),
    revertExpiresAt: timestamp('revert_expires_at', { withTimezone: true, mode: 'date' }),
    revertedAt: timestamp('reverted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_changes_token_hash_unique').on(table.tokenHash),
    uniqueIndex('email_changes_revert_token_hash_unique').on(table.revertTokenHash),
    index('email_changes_user_idx').on(table.userId),
    check('email_changes_new_email_lower_case', sql`${table.newEmail} = lower(${table.newEmail})`),
  ],
);

/**
 * Live events (`GET /events`), each written in the transaction of the change that raised it, so an
 * event exists exactly when its change committed. `id` orders them and is the stream's event id (a
 * client resumes after the last one it read). `recipient` is a user's id, or `admins` for every
 * admin. Kept only long enough for a client to resume: rows older than a few minutes are deleted.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('live_events_recipient_id_idx').on(table.recipient, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------- trading

/**
 * A fund: one strategy with its parameters (`strategy`, read by the engine's validator), risk limits,
 * execution costs, management fee and minimum investment, run on one pool of assets. Its books are
 * ledger entries (its accounts carry `fund_id`); its engine state between steps is `fund_states`.
 * `paused` is an admin's kill switch; `haltedReason` is set while the fund cannot trade for want of
 * fresh prices.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A stable name for seeding (`trend-btc`): the seed makes each slug once. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    strategy: jsonb('strategy').$type<Record<string, unknown>>().notNull(),
    risk: jsonb('risk').$type<Record<string, unknown>>().notNull(),
    /** `{ takerFeeBps, makerFeeBps, slippageBps }`. */
    costs: jsonb('costs')
      .$type<{ takerFeeBps: number; makerFeeBps: number; slippageBps: number }>()
      .notNull(),
    managementFeeBps: integer('management_fee_bps').notNull(),
    minimumInvestmentCents: bigint('minimum_investment_cents', { mode: 'number' }).notNull(),
    riskLevel: text('risk_level').notNull(),
    paused: boolean('paused').notNull().default(false),
    pausedReason: text('paused_reason'),
    haltedReason: text('halted_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('funds_slug_unique').on(table.slug),
    check('funds_risk_level', sql`${table.riskLevel} IN ('low', 'medium', 'high')`),
    check('funds_minimum', sql`${table.minimumInvestmentCents} > 0`),
  ],
);

/**
 * Closed candles of the exchange, fetched in the background. Prices are price8 (US dollars per whole
 * coin × 10⁸), volume is the base coin at scale 8.
 */
export const candles = pgTable(
  'candles',
  {
    exchange: text('exchange').notNull(),
    pair: text('pair').notNull(),
    timeframe: text('timeframe').notNull(),
    openTime: timestamp('open_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    open: bigint('open', { mode: 'bigint' }).notNull(),
    high: bigint('high', { mode: 'bigint' }).notNull(),
    low: bigint('low', { mode: 'bigint' }).notNull(),
    close: bigint('close', { mode: 'bigint' }).notNull(),
    volume: bigint('volume', { mode: 'bigint' }).notNull(),
    fetchedAt: createdAt(),
  },
  (table) => [uniqueIndex('candles_unique').on(table.exchange, table.pair, table.timeframe, table.openTime)],
);

/**
 * A fund's engine state after its last step (JSON, bigints as strings ending in `n`), the close time
 * of that step's candle, and a version every write checks and raises (optimistic: a second writer
 * of the same step finds the version moved and writes nothing).
 */
export const fundStates = pgTable('fund_states', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id),
  state: jsonb('state').notNull(),
  lastCloseTime: timestamp('last_close_time', { withTimezone: true, mode: 'date', precision: 3 }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const orderStateEnum = pgEnum('order_state', ['new', 'sent', 'filled', 'cancelled', 'rejected']);

/** Orders of funds, stored before anything is sent: the client id is unique, so a retry never doubles one. */
export const orders = pgTable(
  'orders',
  {
    clientId: text('client_id').primaryKey(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    pair: text('pair').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    /** Scale 8. */
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    /** price8; null for a market order. */
    limitPrice: bigint('limit_price', { mode: 'bigint' }),
    reason: text('reason').notNull(),
    state: orderStateEnum('state').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_fund_idx').on(table.fundId, table.createdAt),
    check('orders_side', sql`${table.side} IN ('buy', 'sell')`),
    check('orders_type', sql`${table.type} IN ('market', 'limit')`),
  ],
);

/** One execution of an order (paper: the engine's fill model); at most one per order. */
export const fills = pgTable(
  'fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderClientId: text('order_client_id')
      .notNull()
      .references(() => orders.clientId),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    pair: text('pair').notNull(),
    side: text('side').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    price8: bigint('price8', { mode: 'bigint' }).notNull(),
    notionalCents: bigint('notional_cents', { mode: 'bigint' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    time: timestamp('time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex('fills_order_unique').on(table.orderClientId),
    index('fills_fund_time_idx').on(table.fundId, table.time),
  ],
);

export const fundRequestKindEnum = pgEnum('fund_request_kind', ['investment', 'redemption']);
export const fundRequestStatusEnum = pgEnum('fund_request_status', ['pending', 'priced', 'cancelled']);

/**
 * Investments and redemptions, forward-priced at the fund's next valuation. An investment's amount
 * moves from available to `pending_investment` when it is made; a redemption asks for `units`, an
 * `amountCents` or `all`. Priced: the units and amount of the valuation that took it.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: fundRequestKindEnum('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Scale 6. */
    units: bigint('units', { mode: 'bigint' }),
    all: boolean('all').notNull().default(false),
    status: fundRequestStatusEnum('status').notNull().default('pending'),
    pricedUnits: bigint('priced_units', { mode: 'bigint' }),
    pricedAmountCents: bigint('priced_amount_cents', { mode: 'number' }),
    navPerUnit8: bigint('nav_per_unit8', { mode: 'bigint' }),
    reason: text('reason'),
    pricedAt: timestamp('priced_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /**
     * A first investment's cooling-off period ends then: until then it can be cancelled, and no
     * valuation before it prices it. Null for every other request.
     */
    confirmsAt: timestamp('confirms_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fund_requests_user_idx').on(table.userId, table.createdAt),
    index('fund_requests_pending_idx').on(table.fundId).where(sql`${table.status} = 'pending'`),
    // One redemption of a fund waits at a time per investor: the units it may take are then known.
    uniqueIndex('fund_requests_one_pending_redemption')
      .on(table.userId, table.fundId)
      .where(sql`${table.kind} = 'redemption' AND ${table.status} = 'pending'`),
    check(
      'fund_requests_shape',
      sql`CASE ${table.kind}
        WHEN 'investment' THEN ${table.amountCents} > 0 AND ${table.units} IS NULL AND NOT ${table.all}
        ELSE (CASE WHEN ${table.all} THEN 1 ELSE 0 END + CASE WHEN ${table.units} IS NULL THEN 0 ELSE 1 END
          + CASE WHEN ${table.amountCents} IS NULL THEN 0 ELSE 1 END) = 1
      END`,
    ),
  ],
);

/** The NAV struck at each step of a fund (before the requests it priced). */
export const fundValuations = pgTable(
  'fund_valuations',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    time: timestamp('time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    navCents: bigint('nav_cents', { mode: 'bigint' }).notNull(),
    unitsOutstanding: bigint('units_outstanding', { mode: 'bigint' }).notNull(),
    navPerUnit8: bigint('nav_per_unit8', { mode: 'bigint' }).notNull(),
  },
  (table) => [uniqueIndex('fund_valuations_unique').on(table.fundId, table.time)],
);

/** The risk engine's refusals, reductions and fund-wide decisions, each with its plain English reason. */
export const riskEvents = pgTable(
  'risk_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    time: timestamp('time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    rule: text('rule').notNull(),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    index('risk_events_created_idx').on(table.createdAt.desc().nullsFirst()),
    index('risk_events_fund_idx').on(table.fundId, table.time),
  ],
);

/**
 * Each reconciliation of a fund's books with its ledger accounts, made after every round in which the
 * fund stepped: when, and each difference found (none when they agree). Appended, never changed: the
 * trading desk shows a fund's history of them.
 */
export const fundReconciliations = pgTable(
  'fund_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    differences: jsonb('differences').$type<string[]>().notNull(),
  },
  (table) => [index('fund_reconciliations_fund_idx').on(table.fundId, table.checkedAt.desc().nullsFirst())],
);

/**
 * The global kill switch, one row (`name = 'trading'`): while `paused`, no fund places any order.
 * Kept here, not in memory, so every instance reads the same switch and a restart keeps it.
 */
export const tradingSwitches = pgTable(
  'trading_switches',
  {
    name: text('name').primaryKey(),
    paused: boolean('paused').notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [check('trading_switches_name', sql`${table.name} = 'trading'`)],
);

export const backtestStatusEnum = pgEnum('backtest_status', ['queued', 'running', 'done', 'failed']);

/**
 * A backtest job: the configuration it runs (the engine's, as stored for a fund), its period and
 * start amount, its progress and, once done, its result (JSON, amounts in cents as strings).
 */
export const backtests = pgTable(
  'backtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fundId: uuid('fund_id').references(() => funds.id),
    status: backtestStatusEnum('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    fromTime: timestamp('from_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    toTime: timestamp('to_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    index('backtests_user_idx').on(table.userId, table.createdAt),
    check('backtests_progress', sql`${table.progress} BETWEEN 0 AND 100`),
    check('backtests_amount', sql`${table.amountCents} > 0`),
  ],
);
