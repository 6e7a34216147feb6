import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/database';
import { testDatabase } from '../../testing/database';
import { formatUsdForPeople, formatUsdForPeopleSql } from './amounts';
import { maskName, maskNameSql } from './names';

let db: Database;

beforeAll(async () => {
  db = (await testDatabase()).db;
});

/** Each value through the SQL twin, in one statement: the answers in the values' order. */
async function inSql<T>(values: T[], twin: (value: ReturnType<typeof sql>) => ReturnType<typeof sql>) {
  const rows = rowsOf<{ answer: string }>(
    await db.execute(
      sql`SELECT ${twin(sql`v.value`)} AS answer FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)
        WITH ORDINALITY AS v (value, n) ORDER BY v.n`,
    ),
  );
  return rows.map((row) => row.answer);
}

describe('rules a statement applies in SQL give the answers of their TypeScript', () => {
  it('masks names alike', async () => {
    const names = [
      'john doe',
      'maria smith',
      '  Ada   Lovelace  ',
      'Li',
      'Zoë Ørsted',
      'José María de la Cruz',
      '王小明 李',
      'a',
      'bench depositor 17',
    ];
    expect(await inSql(names, (value) => maskNameSql(value))).toEqual(names.map(maskName));
  });

  it('masks generated names alike', async () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,8}$/);
    const names = fc.sample(
      fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
      50,
    );
    expect(await inSql(names, (value) => maskNameSql(value))).toEqual(names.map(maskName));
  });

  it('writes amounts for people alike', async () => {
    const cents = [
      0,
      1,
      7,
      10,
      99,
      100,
      123_450,
      100_000,
      99_999_999,
      123_456_789_01,
      -5,
      -123_450,
      ...fc.sample(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), 50),
    ];
    expect(await inSql(cents, (value) => formatUsdForPeopleSql(sql`(${value})::bigint`))).toEqual(
      cents.map(formatUsdForPeople),
    );
  });
});
