import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { appropriatenessChecks, fundRequests } from '../../db/schema';
import { signedInAdmin, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { passingAnswers } from '../../testing/trading';

/*
 * The appropriateness check before a first investment: its questions, a failed try that says why and
 * waits a day, a passed one that opens investing, and answers that are not answers.
 */

type Investor = Awaited<ReturnType<typeof fundedInvestor>>;

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

async function checkOf(investor: Investor) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/users/appropriateness',
    headers: investor.headers,
  });
  await expectContract('getAppropriateness', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function take(investor: Investor, answers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/appropriateness',
    headers: investor.headers,
    payload: { answers },
  });
  await expectContract('takeAppropriatenessCheck', response);
  return response;
}

/** The seeded trend fund and its minimum investment. */
async function trendFund(investor: Investor): Promise<{ id: string; minimum: number }> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/funds', headers: investor.headers });
  const fund = (response.json().items as { _id: string; name: string; minimumInvestment: number }[]).find(
    (item) => item.name === 'Trend follower BTC',
  );
  if (!fund) throw new Error('the seeded trend fund is missing');
  return { id: fund._id, minimum: fund.minimumInvestment };
}

async function investIn(investor: Investor, fundId: string, amount: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/funds/${fundId}/investments`,
    headers: investor.headers,
    payload: { amount },
  });
  await expectContract('investInFund', response);
  return response;
}

async function requestsOf(investor: Investor) {
  const userId = await userIdOf(investor.email);
  return db.select().from(fundRequests).where(eq(fundRequests.userId, userId));
}

describe('the appropriateness check', () => {
  it('gates a first investment: nothing moves until it is passed', async () => {
    const investor = await fundedInvestor(app, admin, '500');
    const check = await checkOf(investor);
    expect(check).toMatchObject({
      status: 'not_taken',
      required: true,
      takenAt: null,
      retakeAfter: null,
      reasons: [],
    });
    expect(check.questions.map((question: { id: string }) => question.id)).toEqual([
      'value',
      'protection',
      'loss',
      'horizon',
      'experience',
    ]);
    const fund = await trendFund(investor);
    const before = await figures(app, investor);

    const refused = await investIn(investor, fund.id, fund.minimum);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      msg: 'Before your first investment, please take the appropriateness check',
    });
    expect(await figures(app, investor)).toEqual(before);
    expect(await requestsOf(investor)).toEqual([]);

    const passed = await take(investor, passingAnswers);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toMatchObject({
      status: 'passed',
      required: false,
      retakeAfter: null,
      reasons: [],
    });
    expect((await investIn(investor, fund.id, fund.minimum)).statusCode).toBe(202);
    expect(await requestsOf(investor)).toHaveLength(1);

    // Passed once is passed: it is not taken again.
    const again = await take(investor, passingAnswers);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You have already passed the appropriateness check');
  });

  it('fails with a reason for each answer that failed it, and may be taken again a day later', async () => {
    const investor = await fundedInvestor(app, admin, '500');
    const failed = await take(investor, { ...passingAnswers, protection: 'scheme', horizon: 'months' });
    expect(failed.statusCode, failed.body).toBe(200);
    const result = failed.json();
    expect(result.status).toBe('failed');
    expect(result.required).toBe(true);
    expect(result.reasons).toEqual([
      'No compensation scheme protects crypto investments: if the platform or an exchange fails, you can lose what you invested.',
      'Crypto prices can stay low for years: money you may need within a year is better kept out of a crypto fund.',
    ]);
    expect(Date.parse(result.retakeAfter) - Date.parse(result.takenAt)).toBe(24 * 60 * 60 * 1000);
    expect(await checkOf(investor)).toMatchObject({ status: 'failed', reasons: result.reasons });
    const fund = await trendFund(investor);
    expect((await investIn(investor, fund.id, fund.minimum)).statusCode).toBe(409);

    // At once: refused, saying when; the try is not stored.
    const tooSoon = await take(investor, passingAnswers);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().msg).toBe(
      `You can take the appropriateness check again after ${result.retakeAfter.slice(0, 16).replace('T', ' ')} UTC`,
    );
    const userId = await userIdOf(investor.email);
    const tries = () =>
      db.select().from(appropriatenessChecks).where(eq(appropriatenessChecks.userId, userId));
    expect(await tries()).toHaveLength(1);

    // A day and a minute later, it may be taken again.
    await db
      .update(appropriatenessChecks)
      .set({ takenAt: sql`${appropriatenessChecks.takenAt} - interval '1 day 1 minute'` })
      .where(eq(appropriatenessChecks.userId, userId));
    expect((await take(investor, passingAnswers)).json().status).toBe('passed');
    expect(await tries()).toHaveLength(2);
    expect((await investIn(investor, fund.id, fund.minimum)).statusCode).toBe(202);
  });

  it('gates only the first investment', async () => {
    const investor = await fundedInvestor(app, admin, '500');
    const fund = await trendFund(investor);
    await take(investor, passingAnswers);
    expect((await investIn(investor, fund.id, fund.minimum)).statusCode).toBe(202);
    // An investor who invested before the check was asked has no try stored: they invest as before.
    const userId = await userIdOf(investor.email);
    await db.delete(appropriatenessChecks).where(eq(appropriatenessChecks.userId, userId));
    expect(await checkOf(investor)).toMatchObject({ status: 'not_taken', required: false });
    expect((await investIn(investor, fund.id, fund.minimum)).statusCode).toBe(202);
  });

  it('answers 400 naming the question for an answer missing, unknown or not one of its options', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const { horizon: _left, ...missing } = passingAnswers;
    const cases: [Record<string, string>, string][] = [
      [missing, 'answers.horizon: choose an answer'],
      [{ ...passingAnswers, loss: 'maybe' }, 'answers.loss: "maybe" is not one of its answers'],
      [{ ...passingAnswers, mood: 'happy' }, 'answers: there is no question "mood"'],
    ];
    for (const [answers, msg] of cases) {
      const response = await take(investor, answers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ msg });
    }
    for (const payload of [{}, { answers: 'falls' }, { answers: passingAnswers, extra: true }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users/appropriateness',
        headers: investor.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().msg).toBe('string');
    }
    // Nothing was stored: the check is still to be taken.
    expect((await checkOf(investor)).status).toBe('not_taken');
  });
});
