import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../testing/database';
import { openDatabase } from './database';
import { isUniqueViolation } from './errors';
import { users } from './schema';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the database', () => {
  // A fresh embedded database takes 2-3 s to create on an idle machine; the suite runs beside other
  // work on two cores, where it was seen to take over 60 s.
  it('is created in DATA_DIR on first start (parents included), migrated, and kept across restarts', {
    timeout: 240_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-data-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'a', 'b');
    const first = await openDatabase({ DATA_DIR: dataDir });
    expect(first.kind).toBe('pglite');
    await first.migrate();
    await first.db.insert(users).values({
      email: 'kept@example.com',
      fullname: 'kept',
      phone: '1',
      country: 'x',
      passwordHash: 'x',
      referralCode: 'keptcode',
    });
    await first.close();

    const again = await openDatabase({ DATA_DIR: dataDir });
    await again.migrate();
    const rows = await again.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
    await again.close();
  });

  it('keeps emails and referral codes lower case and unique', async () => {
    const { db } = await testDatabase();
    const row = { fullname: 'x', phone: '1', country: 'x', passwordHash: 'x' };
    await expect(
      db.insert(users).values({ ...row, email: 'Upper@example.com', referralCode: 'upper001' }),
    ).rejects.toThrow();
    await expect(
      db.insert(users).values({ ...row, email: 'lower@example.com', referralCode: 'UPPER002' }),
    ).rejects.toThrow();
    await db.insert(users).values({ ...row, email: 'same@example.com', referralCode: 'same0001' });
    const duplicate = await db
      .insert(users)
      .values({ ...row, email: 'same@example.com', referralCode: 'same0002' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(duplicate, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(duplicate, 'users_referral_code_unique')).toBe(false);
  });

  it('has every migration applied', async () => {
    const { db } = await testDatabase();
    const result = await db.execute(
      sql`SELECT to_regclass('public.mail_outbox') AS outbox, to_regclass('public.sessions') AS sessions`,
    );
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows[0]).toEqual({ outbox: 'mail_outbox', sessions: 'sessions' });
  });
});
