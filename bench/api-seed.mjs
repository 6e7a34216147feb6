// Bulk rows for the API benchmark, written with SQL that keeps the ledger's rules: every journal
// balanced, only INSERTs, each request moving money once, no user account below zero.

/** The platform wallet deposits are paid to, and the address withdrawals go to. */
export const walletAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const withdrawalAddress = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/**
 * References such as `DEP-7K2M9Q4X`, as the API makes them, but from a counter: the n-th reference
 * is n times an odd constant modulo 2^40 (a bijection, so never a repeat) spelled in the API's alphabet.
 * One expression (no subquery), so PostgreSQL inlines it: millions of rows take seconds, not minutes.
 */
const refAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const refDigits = [35, 30, 25, 20, 15, 10, 5, 0]
  .map((shift) => `substr('${refAlphabet}', ((x >> ${shift}) & 31)::int + 1, 1)`)
  .join(' || ');
const refFunction = `
  CREATE OR REPLACE FUNCTION pg_temp.bench_spell(prefix text, x bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT prefix || '-' || ${refDigits}
  $$;
  CREATE OR REPLACE FUNCTION pg_temp.bench_ref(prefix text, n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT pg_temp.bench_spell(prefix, (n * 1099511627 + 733614128901) & 1099511627775)
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

  async function inTransaction(work, on = client) {
    await on.query('BEGIN');
    try {
      await on.query(refFunction);
      const result = await work();
      await on.query('COMMIT');
      return result;
    } catch (error) {
      await on.query('ROLLBACK').catch(() => undefined);
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
           SELECT request_id, $1, ref, 'bitcoin', 'BTC', $3, amount, status::text::withdrawal_status,
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
     * A platform grown large: `users` investors made with SQL, each with `journalsPerUser` journals
     * of two entries (a cycle of three profits, a loyalty bonus and a fee taken back by an adjustment,
     * the fee smaller than what came before it, so no account goes below zero), oldest first, one every
     * few seconds up to an hour ago. Set-based statements, one per table, every index and trigger in
     * place (the deferred checks run when the entries are in, not at commit, so their time is counted
     * with the entries'). Ids are random-looking (md5 of a counter, as spread as the API's random
     * UUIDs) so the entries can name their journal and user without reading them back.
     *
     * With more than one client in `clients`, the users are split into as many ranges, each written
     * by its own client in its own transaction at the same time (a range's rows refer only to rows of
     * the same range, so none waits on another): one PostgreSQL process per core, not one in all.
     * Answers the rows written and the seconds each table took (the slowest range's).
     */
    async growth({ users, journalsPerUser, passwordHash, clients = [client] }) {
      if (journalsPerUser % 5 !== 0) throw new Error('growth: journalsPerUser is whole cycles of 5');
      const journals = users * journalsPerUser;
      const refBase = refs(journals);
      const tag = Math.random().toString(36).slice(2, 8);
      // The cycle, by `n % 5`: profit, profit, profit, bonus, adjustment (a debit of the user).
      const kind = `(CASE n % 5 WHEN 3 THEN 'bonus' WHEN 4 THEN 'adjustment' ELSE 'profit' END)`;
      const userId = `md5('${tag}:u:' || n / $3::int)::uuid`;
      const journalId = `md5('${tag}:j:' || n)::uuid`;
      const at = `now() - interval '1 hour' - (${journals} - n) * interval '5 seconds'`;

      /** Users `first` to `last` (exclusive) and their journals and entries, through `on`. */
      const growRange = (on, first, last) => {
        const timed = async (sql, params) => {
          const started = performance.now();
          const result = await on.query(sql, params);
          return { rows: result.rowCount, seconds: (performance.now() - started) / 1000 };
        };
        const range = [first * journalsPerUser, last * journalsPerUser - 1, journalsPerUser];
        return inTransaction(async () => {
          const made = {};
          made.users = await timed(
            `INSERT INTO users (id, email, fullname, phone, country, password_hash, email_verified_at,
               referral_code, created_at, updated_at)
             SELECT md5('${tag}:u:' || i)::uuid, 'grown-${tag}-' || i || '@example.com', 'investor ' || i,
               '(555) 123-4567', 'United States', $3, now(), 'g${tag}' || i,
               now() - interval '400 days' + i * interval '1 second', now()
             FROM generate_series($1::int, $2::int) AS i`,
            [first, last - 1, passwordHash],
          );
          made.journals = await timed(
            `INSERT INTO ledger_journals (id, kind, user_id, ref, memo, created_at)
             SELECT ${journalId}, ${kind}::journal_kind, ${userId},
               pg_temp.bench_ref(CASE n % 5 WHEN 3 THEN 'BON' WHEN 4 THEN 'ADJ' ELSE 'PRF' END, $4::bigint + n),
               CASE n % 5 WHEN 3 THEN 'Loyalty bonus' WHEN 4 THEN 'Fee taken back' ELSE 'Daily profit' END, ${at}
             FROM generate_series($1::int, $2::int) AS n`,
            [...range, refBase],
          );
          made.entries = await timed(
            `INSERT INTO ledger_entries (journal_id, kind, account, user_id, amount_cents, created_at)
             SELECT ${journalId}, ${kind}::journal_kind, posting.account::ledger_account, posting.user_id,
               posting.amount, ${at}
             FROM generate_series($1::int, $2::int) AS n
             CROSS JOIN LATERAL (VALUES
               ('available', ${userId}, CASE n % 5 WHEN 3 THEN 500 WHEN 4 THEN -300 ELSE 1234 END),
               (CASE n % 5 WHEN 3 THEN 'bonus_paid' WHEN 4 THEN 'adjustments' ELSE 'profit_paid' END, NULL::uuid,
                 CASE n % 5 WHEN 3 THEN -500 WHEN 4 THEN 300 ELSE -1234 END)
             ) AS posting(account, user_id, amount)`,
            range,
          );
          const checked = await timed('SET CONSTRAINTS ALL IMMEDIATE');
          made.entries.seconds += checked.seconds;
          return made;
        }, on);
      };

      const parts = await Promise.all(
        clients.map((on, index) =>
          growRange(
            on,
            Math.floor((users * index) / clients.length),
            Math.floor((users * (index + 1)) / clients.length),
          ),
        ),
      );
      return Object.fromEntries(
        ['users', 'journals', 'entries'].map((table) => [
          table,
          {
            rows: parts.reduce((sum, part) => sum + part[table].rows, 0),
            seconds: Math.max(...parts.map((part) => part[table].seconds)),
          },
        ]),
      );
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

    /**
     * A month of deposits as a busy back office sees them: `total` deposits, one every few seconds up
     * to an hour ago, from `users` depositors made with SQL, of which one large depositor makes every
     * tenth. Exactly `pending` are pending: the newest of the backlog (but every 50th, resolved at
     * once), every 50th of the older half (forgotten in the queue), and the large depositor's newest
     * `perUserPending` (the most one user may have awaiting review). The rest are resolved, nine in
     * ten approved (a `deposit` journal each) and the others rejected. Coins: six in ten bitcoin,
     * three ethereum, one usdt. Answers the number pending and the large depositor's id.
     */
    async depositQueue({ users, total, pending, perUserPending, walletIds, adminId, passwordHash }) {
      const refBase = refs(total);
      const tag = Math.random().toString(36).slice(2, 8);
      return inTransaction(async () => {
        await client.query(
          `INSERT INTO users (email, fullname, phone, country, password_hash, email_verified_at, referral_code)
           SELECT 'queue-' || $2 || '-' || i || '@example.com', 'depositor ' || i, '(555) 123-4567',
             'United States', $3, now(), 'q' || $2 || lpad(i::text, 6, '0')
           FROM generate_series(0, $1::int - 1) AS i`,
          [users, tag, passwordHash],
        );
        await client.query(
          `CREATE TEMP TABLE bench_queue ON COMMIT DROP AS
           WITH planned AS (
             SELECT n, n % 10 = 3 AS large, n % 50 = 0 AND n < $2::int / 2 AS forgotten,
               n % 10 <> 3 AND n % 50 <> 0 AS backlog
             FROM generate_series(0, $2::int - 1) AS n
           ), ranked AS (
             SELECT *, row_number() OVER (PARTITION BY large, backlog ORDER BY n DESC) AS newest
             FROM planned
           )
           SELECT n, u.id AS user_id, coin AS type, (($4::jsonb) ->> coin)::uuid AS wallet_id,
             gen_random_uuid() AS id, gen_random_uuid() AS upload_id, gen_random_uuid() AS journal_id,
             1000 + ((n * 7919) % 250000) AS amount, pg_temp.bench_ref('DEP', $3::bigint + n) AS ref,
             CASE WHEN large AND newest <= $7::int OR forgotten
                 OR backlog AND newest <= $6::int - $7::int - (SELECT count(*) FROM planned WHERE forgotten)
               THEN 'pending'
               WHEN (n / 3) % 10 = 7 THEN 'rejected' ELSE 'approved' END AS status,
             date_trunc('milliseconds', now()) - interval '1 hour'
               - ($2::int - 1 - n) * (interval '30 days' / $2::int) AS created_at
           FROM ranked
           CROSS JOIN LATERAL (SELECT CASE WHEN (n / 7) % 10 < 6 THEN 'bitcoin'
             WHEN (n / 7) % 10 < 9 THEN 'ethereum' ELSE 'usdt' END AS coin) AS coin
           JOIN (SELECT id, row_number() OVER (ORDER BY referral_code) - 1 AS u FROM users
                 WHERE email LIKE 'queue-' || $1 || '-%') AS u
             ON u.u = CASE WHEN large THEN 0 ELSE 1 + (n * 7919) % ($5::int - 1) END`,
          [tag, total, refBase, JSON.stringify(walletIds), users, pending, perUserPending],
        );
        const { rows: most } = await client.query(
          `SELECT max(count)::int AS most FROM (SELECT count(*) FROM bench_queue WHERE status = 'pending'
             GROUP BY user_id) AS per_user`,
        );
        if (most[0].most > perUserPending) {
          throw new Error(`a depositor would have ${most[0].most} pending deposits, over ${perUserPending}`);
        }
        await client.query(
          `INSERT INTO uploads (id, owner_id, kind, media_type, byte_size, sha256, created_at)
           SELECT upload_id, user_id, 'receipt', 'image/png', 48213, encode(sha256(upload_id::text::bytea), 'hex'),
             created_at
           FROM bench_queue`,
        );
        await client.query(
          `INSERT INTO deposits (id, user_id, ref, type, amount_cents, payment_to, wallet_id, receipt_id,
             status, reason, reviewed_by_id, created_at, resolved_at)
           SELECT q.id, q.user_id, q.ref, q.type::coin_type, q.amount, w.address, q.wallet_id, q.upload_id,
             q.status::request_status,
             CASE WHEN q.status = 'rejected' THEN 'The receipt does not show the transaction hash.' END,
             CASE WHEN q.status <> 'pending' THEN $1::uuid END, q.created_at,
             CASE WHEN q.status <> 'pending' THEN q.created_at + interval '20 minutes' END
           FROM bench_queue q JOIN wallets w ON w.id = q.wallet_id`,
          [adminId],
        );
        // Each approved deposit moved once: its journal credits the user's available account.
        await client.query(
          `INSERT INTO ledger_journals (id, kind, user_id, ref, created_by_id, deposit_id, created_at)
           SELECT journal_id, 'deposit', user_id, ref, $1, id, created_at + interval '20 minutes'
           FROM bench_queue WHERE status = 'approved'`,
          [adminId],
        );
        await client.query(
          `INSERT INTO ledger_entries (journal_id, kind, account, user_id, amount_cents, created_at)
           SELECT journal_id, 'deposit', posting.account::ledger_account, posting.user_id, posting.amount,
             created_at + interval '20 minutes'
           FROM bench_queue CROSS JOIN LATERAL (VALUES ('available', user_id, amount),
             ('deposits_received', NULL::uuid, -amount)) AS posting(account, user_id, amount)
           WHERE status = 'approved'`,
        );
        await client.query(
          `UPDATE users u SET first_deposit_id = first.id
           FROM (SELECT DISTINCT ON (user_id) user_id, id FROM bench_queue WHERE status = 'approved'
                 ORDER BY user_id, created_at, n) AS first
           WHERE u.id = first.user_id`,
        );
        const { rows } = await client.query(
          `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
             (SELECT user_id FROM bench_queue WHERE n % 10 = 3 LIMIT 1) AS large_depositor_id
           FROM bench_queue`,
        );
        return { pending: rows[0].pending, largeDepositorId: rows[0].large_depositor_id };
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
