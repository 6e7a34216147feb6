// Bulk rows for the API benchmark, written with SQL that keeps the ledger's rules: every journal
// balanced, only INSERTs, each request moving money once, no user account below zero.

/** The platform wallet deposits are paid to, and the address withdrawals go to. */
export const walletAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const withdrawalAddress = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/**
 * References such as `DEP-7K2M9Q4X`, as the API makes them, but from a counter: the n-th reference
 * is n times an odd constant modulo 2^40 (a bijection, so never a repeat) spelled in the API's alphabet.
 */
const refFunction = `
  CREATE OR REPLACE FUNCTION pg_temp.bench_ref(prefix text, n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT prefix || '-' || string_agg(
      substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
        ((((n * 1099511627 + 733614128901) & 1099511627775) >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC)
    FROM generate_series(0, 7) AS k
  $$`;

/** Seeds through `client`; `firstRef` numbers the references (another range for another run on one database). */
export function createSeeder(client, firstRef = 0) {
  let nextRef = firstRef;
  /** Reserves `count` reference numbers: each seeding call gets its own range. */
  const refs = (count) => {
    const first = nextRef;
    nextRef += count;
    return first;
  };

  async function inTransaction(work) {
    await client.query('BEGIN');
    try {
      await client.query(refFunction);
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  return {
    /** The active bitcoin wallet deposits are paid to. */
    async wallet() {
      const { rows } = await client.query(
        `INSERT INTO wallets (wallet_name, type, address) VALUES ('bitcoin main', 'bitcoin', $1) RETURNING id`,
        [walletAddress],
      );
      return rows[0].id;
    },

    /**
     * A user's history of `rows` rows, oldest first, one every 37 seconds up to an hour ago, in a
     * cycle of 20: 7 deposits (6 approved; every 40th row one pending, else rejected), 6 profits,
     * 1 bonus, 6 withdrawals (4 paid, 1 pending, 1 rejected). Each cycle brings in far more than it
     * takes out, so the balance is never below zero at any point. Answers the journals written.
     *
     * The database's overdraft check (a deferred trigger summing all of the user's entries for
     * each new entry) costs O(rows²) for one user's bulk insert: it is turned off for this
     * transaction only, and `checkLedgerRules` checks what it checks once, afterwards.
     */
    async history({ userId, adminId, walletId, rows }) {
      const refBase = refs(rows);
      return inTransaction(async () => {
        await client.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_not_overdrawn');
        await client.query(
          `CREATE TEMP TABLE bench_plan ON COMMIT DROP AS
           SELECT i, kind, status, amount, created_at,
             CASE WHEN status = 'pending' THEN NULL ELSE created_at + interval '5 minutes' END AS resolved_at,
             gen_random_uuid() AS request_id, gen_random_uuid() AS upload_id,
             gen_random_uuid() AS journal_id, gen_random_uuid() AS resolution_id,
             pg_temp.bench_ref(CASE kind WHEN 'deposit' THEN 'DEP' WHEN 'withdrawal' THEN 'WDR'
               WHEN 'profit' THEN 'PRF' ELSE 'BON' END, $2::bigint + i) AS ref
           FROM (
             SELECT i,
               CASE WHEN r <= 6 THEN 'deposit' WHEN r BETWEEN 7 AND 11 OR r = 19 THEN 'profit'
                 WHEN r = 12 THEN 'bonus' ELSE 'withdrawal' END AS kind,
               CASE WHEN r = 6 AND i % 40 = 6 THEN 'pending' WHEN r = 6 THEN 'rejected'
                 WHEN r = 17 THEN 'pending' WHEN r = 18 THEN 'rejected' ELSE 'approved' END AS status,
               CASE WHEN r <= 6 THEN 50000 WHEN r = 12 THEN 500 WHEN r BETWEEN 13 AND 18 THEN 10000
                 ELSE 1234 END AS amount,
               now() - interval '1 hour' - ($1::int - i) * interval '37 seconds' AS created_at
             FROM (SELECT i, i % 20 AS r FROM generate_series(0, $1::int - 1) AS i) AS cycle
           ) AS planned`,
          [rows, refBase],
        );
        const params = [userId, adminId];
        await client.query(
          `INSERT INTO uploads (id, owner_id, kind, media_type, byte_size, sha256, created_at)
           SELECT upload_id, $1, 'receipt', 'image/png', 48213, encode(sha256(upload_id::text::bytea), 'hex'),
             created_at
           FROM bench_plan WHERE kind = 'deposit'`,
          [userId],
        );
        await client.query(
          `INSERT INTO deposits (id, user_id, ref, type, amount_cents, payment_to, wallet_id, receipt_id,
             status, reason, reviewed_by_id, created_at, resolved_at)
           SELECT request_id, $1, ref, 'bitcoin', amount, $3, $4, upload_id, status::request_status,
             CASE WHEN status = 'rejected' THEN 'The receipt does not show the transaction hash.' END,
             CASE WHEN status <> 'pending' THEN $2::uuid END, created_at, resolved_at
           FROM bench_plan WHERE kind = 'deposit'`,
          [...params, walletAddress, walletId],
        );
        await client.query(
          `INSERT INTO withdrawals (id, user_id, ref, type, network, address, amount_cents, status, reason,
             reviewed_by_id, created_at, resolved_at)
           SELECT request_id, $1, ref, 'bitcoin', 'BTC', $3, amount, status::request_status,
             CASE WHEN status = 'rejected' THEN 'The address could not be verified.' END,
             CASE WHEN status <> 'pending' THEN $2::uuid END, created_at, resolved_at
           FROM bench_plan WHERE kind = 'withdrawal'`,
          [...params, withdrawalAddress],
        );
        // The user's first approved deposit, as an approval marks it.
        await client.query(
          `UPDATE users SET first_deposit_id = coalesce(first_deposit_id,
             (SELECT request_id FROM bench_plan WHERE kind = 'deposit' AND status = 'approved'
              ORDER BY resolved_at, i LIMIT 1))
           WHERE id = $1`,
          [userId],
        );
        // Journals: approved deposits, profits and bonuses, withdrawal holds, then their resolutions.
        const journals = await client.query(
          `INSERT INTO ledger_journals (id, kind, user_id, ref, memo, created_by_id, deposit_id, withdrawal_id,
             created_at)
           SELECT journal_id, 'deposit'::journal_kind, $1::uuid, ref, NULL, $2::uuid, request_id, NULL::uuid, resolved_at
             FROM bench_plan WHERE kind = 'deposit' AND status = 'approved'
           UNION ALL
           SELECT journal_id, kind::journal_kind, $1::uuid, ref,
             CASE kind WHEN 'profit' THEN 'Daily profit' ELSE 'Loyalty bonus' END, $2, NULL, NULL, created_at
             FROM bench_plan WHERE kind IN ('profit', 'bonus')
           UNION ALL
           SELECT journal_id, 'withdrawal_hold'::journal_kind, $1::uuid, ref, NULL, NULL, NULL, request_id, created_at
             FROM bench_plan WHERE kind = 'withdrawal'
           UNION ALL
           SELECT resolution_id,
             CASE status WHEN 'approved' THEN 'withdrawal_paid' ELSE 'withdrawal_release' END::journal_kind,
             $1::uuid, ref, NULL, $2, NULL, request_id, resolved_at
             FROM bench_plan WHERE kind = 'withdrawal' AND status <> 'pending'`,
          params,
        );
        // Two entries per journal, summing to zero; a user's entries carry their journal's instant.
        await client.query(
          `INSERT INTO ledger_entries (journal_id, kind, account, user_id, amount_cents, created_at)
           SELECT posting.journal_id, (SELECT j.kind FROM ledger_journals j WHERE j.id = posting.journal_id),
             posting.account::ledger_account,
             CASE WHEN posting.account IN ('available', 'held') THEN $1::uuid END, posting.amount, posting.at
           FROM bench_plan p CROSS JOIN LATERAL (VALUES
             (p.journal_id, 'available', p.amount, p.resolved_at, p.kind = 'deposit' AND p.status = 'approved'),
             (p.journal_id, 'deposits_received', -p.amount, p.resolved_at, p.kind = 'deposit' AND p.status = 'approved'),
             (p.journal_id, 'available', p.amount, p.created_at, p.kind IN ('profit', 'bonus')),
             (p.journal_id, CASE p.kind WHEN 'profit' THEN 'profit_paid' ELSE 'bonus_paid' END, -p.amount,
               p.created_at, p.kind IN ('profit', 'bonus')),
             (p.journal_id, 'available', -p.amount, p.created_at, p.kind = 'withdrawal'),
             (p.journal_id, 'held', p.amount, p.created_at, p.kind = 'withdrawal'),
             (p.resolution_id, 'held', -p.amount, p.resolved_at, p.kind = 'withdrawal' AND p.status <> 'pending'),
             (p.resolution_id, CASE p.status WHEN 'approved' THEN 'withdrawals_paid' ELSE 'available' END, p.amount,
               p.resolved_at, p.kind = 'withdrawal' AND p.status <> 'pending')
           ) AS posting(journal_id, account, amount, at, applies)
           WHERE posting.applies`,
          [userId],
        );
        // The balance check runs now (not at commit), so the table can take its trigger back.
        await client.query('SET CONSTRAINTS ALL IMMEDIATE');
        await client.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_not_overdrawn');
        return journals.rowCount;
      });
    },

    /**
     * `users` depositors made with SQL (they never sign in), every third one referred by one of the
     * others, each with `perUser` pending deposits (a receipt row each; no file is needed to approve).
     * Answers the deposits' ids in an order that interleaves users, as a review queue would.
     */
    async pendingDeposits({ users, perUser, walletId, passwordHash }) {
      const refBase = refs(users * perUser);
      const tag = Math.random().toString(36).slice(2, 8);
      return inTransaction(async () => {
        await client.query(
          `INSERT INTO users (email, fullname, phone, country, password_hash, email_verified_at, referral_code)
           SELECT 'depositor-' || $2 || '-' || i || '@example.com', 'depositor ' || i, '(555) 123-4567',
             'United States', $3, now(), 'd' || $2 || lpad(i::text, 6, '0')
           FROM generate_series(0, $1::int - 1) AS i WHERE i % 3 <> 2`,
          [users, tag, passwordHash],
        );
        await client.query(
          `INSERT INTO users (email, fullname, phone, country, password_hash, email_verified_at, referral_code,
             referred_by_id)
           SELECT 'depositor-' || $2 || '-' || i || '@example.com', 'depositor ' || i, '(555) 123-4567',
             'United States', $3, now(), 'd' || $2 || lpad(i::text, 6, '0'),
             (SELECT id FROM users WHERE referral_code = 'd' || $2 || lpad((i - 1)::text, 6, '0'))
           FROM generate_series(0, $1::int - 1) AS i WHERE i % 3 = 2`,
          [users, tag, passwordHash],
        );
        await client.query(
          `CREATE TEMP TABLE bench_pending ON COMMIT DROP AS
           SELECT u.id AS user_id, gen_random_uuid() AS id, gen_random_uuid() AS upload_id,
             1000 + ((n * 7919) % 250000) AS amount,
             pg_temp.bench_ref('DEP', $3::bigint + n) AS ref,
             now() - interval '2 hours' + n * interval '1 second' AS created_at
           FROM (SELECT id, row_number() OVER (ORDER BY referral_code) - 1 AS u FROM users
                 WHERE email LIKE 'depositor-' || $1 || '-%') AS u
           CROSS JOIN LATERAL (SELECT u.u * $2::int + k AS n FROM generate_series(0, $2::int - 1) AS k) AS k`,
          [tag, perUser, refBase],
        );
        await client.query(
          `INSERT INTO uploads (id, owner_id, kind, media_type, byte_size, sha256, created_at)
           SELECT upload_id, user_id, 'receipt', 'image/png', 48213, encode(sha256(upload_id::text::bytea), 'hex'),
             created_at
           FROM bench_pending`,
        );
        await client.query(
          `INSERT INTO deposits (id, user_id, ref, type, amount_cents, payment_to, wallet_id, receipt_id, created_at)
           SELECT id, user_id, ref, 'bitcoin', amount, $1, $2, upload_id, created_at FROM bench_pending`,
          [walletAddress, walletId],
        );
        const { rows } = await client.query('SELECT id FROM bench_pending ORDER BY random()');
        return rows.map((row) => row.id);
      });
    },
  };
}

/**
 * The ledger's rules over the whole database, checked once: every journal balanced, the entries
 * summing to zero, no user account below zero, each deposit moved at most once, each user's first
 * approved deposit marked. Throws on a break.
 */
export async function checkLedgerRules(client) {
  const { rows } = await client.query(`
    SELECT
      (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::bigint AS total,
      (SELECT count(*) FROM (SELECT journal_id FROM ledger_entries GROUP BY journal_id
        HAVING sum(amount_cents) <> 0) AS unbalanced)::int AS unbalanced,
      (SELECT count(*) FROM ledger_journals j WHERE NOT EXISTS
        (SELECT 1 FROM ledger_entries e WHERE e.journal_id = j.id))::int AS empty,
      (SELECT count(*) FROM (SELECT user_id, account FROM ledger_entries WHERE user_id IS NOT NULL
        GROUP BY user_id, account HAVING sum(amount_cents) < 0) AS overdrawn)::int AS overdrawn,
      (SELECT count(*) FROM deposits d WHERE (d.status = 'approved') <>
        EXISTS (SELECT 1 FROM ledger_journals j WHERE j.deposit_id = d.id AND j.kind = 'deposit'))::int
        AS deposits_unmatched,
      (SELECT count(*) FROM users u WHERE (u.first_deposit_id IS NULL) = EXISTS
        (SELECT 1 FROM deposits d WHERE d.user_id = u.id AND d.status = 'approved')
        OR u.first_deposit_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deposits d
          WHERE d.id = u.first_deposit_id AND d.user_id = u.id AND d.status = 'approved'))::int
        AS first_deposits_unmatched`);
  const row = rows[0];
  const broken =
    Number(row.total) !== 0 ||
    row.unbalanced + row.empty + row.overdrawn + row.deposits_unmatched + row.first_deposits_unmatched > 0;
  if (broken) throw new Error(`The ledger's rules are broken: ${JSON.stringify(row)}`);
  return row;
}
