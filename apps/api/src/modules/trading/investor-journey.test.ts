import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/database';
import { fills, fundRequests } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor, requestWithdrawal, review } from '../../testing/money';
import { closeCandle, hour, insertFund, invest, portfolio, redeem } from '../../testing/trading';
import { fundLedger, unbalancedJournalCount } from '../ledger/fund-postings';
import { ccxtMarketData, type MarketData } from './exchange';
import { fundDifferences } from './reconcile';

/*
 * An investor's whole way through the product, with no operator typing a number: a deposit approved,
 * an investment in a trend fund, the exchange's prices moving its value and the Total Profit, a fall
 * that stops the position out, a redemption at NAV, and a withdrawal paid. Runs on the embedded
 * database and on PostgreSQL, against a stand-in of the exchange whose prices the test moves.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
/** The open time of the first candle: a whole hour, two hours from now. */
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['SOL/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  market = ccxtMarketData('binance', standIn.url);
  return async () => {
    await app.close();
    await standIn.close();
  };
});

describe('an investor’s journey', () => {
  it('deposits, invests, gains as prices rise, is stopped out on a fall, redeems at NAV and withdraws', async () => {
    const fund = await insertFund(db, {
      slug: 'journey-trend-sol',
      costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['SOL/USDT'],
        fastPeriod: 2,
        slowPeriod: 4,
        positionSizePct: 100,
        stopLossPct: 5,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
    });
    const step = (index: number, price: string) =>
      closeCandle(db, standIn, market, fund, 'SOL/USDT', at(index), price);
    const auditRows = async () => rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM audit_log`));

    // A deposit, approved by the back office: the only act of an admin until the withdrawal.
    const investor = await fundedInvestor(app, admin, '1000');
    expect((await invest(app, investor, fund.id, 1000)).statusCode).toBe(202);
    const auditBefore = await auditRows();

    // Flat prices price the investment and warm the averages up; a rise is an entry, bought at the
    // next open.
    for (let index = 0; index < 5; index++) await step(index, '100');
    await step(5, '110');
    await step(6, '110');
    const entered = await portfolio(app, investor);
    const entryValue = entered.holdings[0].value as number;
    expect(
      (await db.select().from(fills).where(eq(fills.fundId, fund.id))).map((fill) => fill.reason),
    ).toEqual(['entry']);

    // +10% at the exchange: the holding and the Total Profit rise with it, and nobody posted anything.
    await step(7, '121');
    const risen = await portfolio(app, investor);
    const risenValue = risen.holdings[0].value as number;
    expect(risenValue).toBeGreaterThan(entryValue * 1.05);
    const afterRise = await figures(app, investor);
    expect(afterRise.profits).toBeCloseTo(risenValue - 1000, 2);
    expect(afterRise.profits).toBeGreaterThan(0);
    expect(afterRise.totalBalance).toBeCloseTo(risenValue, 2);

    // A close past the 5% stop-loss: the position is sold at the next open, and the loss shows as it is.
    await step(8, '100');
    await step(9, '100');
    const fundFills = await db.select().from(fills).where(eq(fills.fundId, fund.id));
    expect(fundFills.map((fill) => [fill.side, fill.reason])).toEqual([
      ['buy', 'entry'],
      ['sell', 'stop-loss'],
    ]);
    const stopped = await portfolio(app, investor);
    const stoppedValue = stopped.holdings[0].value as number;
    expect(stoppedValue).toBeLessThan(risenValue);
    expect((await figures(app, investor)).profits).toBeCloseTo(stoppedValue - 1000, 2);

    // Everything redeemed: paid at the next valuation, units × NAV per unit, back to available.
    const redeemed = await redeem(app, investor, fund.id, { all: true });
    expect(redeemed.statusCode, redeemed.body).toBe(202);
    await step(10, '100');
    const [request] = await db
      .select()
      .from(fundRequests)
      .where(eq(fundRequests.id, redeemed.json().request._id));
    expect(request?.status).toBe('priced');
    const paid = Number(request?.pricedAmountCents) / 100;
    expect(paid).toBeCloseTo((Number(request?.pricedUnits) / 1e6) * (Number(request?.navPerUnit8) / 1e8), 2);
    const redeemedFigures = await figures(app, investor);
    expect(redeemedFigures.availableBalance).toBeCloseTo(paid, 2);
    expect(redeemedFigures.profits).toBeCloseTo(paid - 1000, 2);
    expect(await portfolio(app, investor)).toEqual({ holdings: [], pendingRequests: [], totalValue: 0 });
    // No admin acted between the deposit and the withdrawal: the profit is the fills' and the prices'.
    expect(await auditRows()).toEqual(auditBefore);

    // The whole available balance withdrawn, and paid once the back office approves it.
    const amount = paid.toFixed(2);
    const withdrawal = await requestWithdrawal(app, investor, amount);
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const approved = await review(app, admin, 'withdrawals', withdrawal.json().transaction._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 0,
      totalBalance: 0,
      withdrawals: Number(amount),
      pendingWithdrawals: 0,
    });

    // The books: every journal balanced in every asset, no units left out, the paper exchange's
    // account equal to the ledger's.
    expect(await unbalancedJournalCount(db)).toBe(0);
    const ledger = await fundLedger(db, fund.id);
    expect(ledger.holdersUnits).toBe(-(ledger.balances.get(`fund_units_outstanding/units:${fund.id}`) ?? 0n));
    expect(await fundDifferences(db, fund.id)).toEqual([]);
  });
});
