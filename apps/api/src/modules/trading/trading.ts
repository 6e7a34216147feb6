import type { components } from '@ledgerline/api-client/contract';
import { formatDecimal, parseDecimal, priceScale, unitScale } from '@ledgerline/engine';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { fundRequests, funds } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { lockUser } from '../ledger/balances';
import { setAsideInvestment, unitHoldings, unitsHeld } from '../ledger/fund-postings';
import { refuseBelowZero } from '../ledger/guards';
import { formatUsdForPeople } from '../money/amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from '../money/idempotency';
import { hasInvestedBefore, refuseUncheckedFirstInvestment } from './appropriateness';
import { allFunds, type FundRow, fundById } from './fund-config';
import { dailyNavs, drawdownSeries } from './performance';
import {
  fundHoldings,
  fundMarks,
  fundRequestView,
  fundStatus,
  fundSummary,
  holdingValueCents,
  navHistory,
  pendingRequests,
  recentFills,
  usd,
} from './views';

type FundRequestAccepted = components['schemas']['FundRequestAccepted'];

const notFound = () => new HttpError(404, 'Not found');

/** The fund locked for this transaction (its pause cannot change until the request is stored). */
async function lockedFund(tx: Tx, fundId: string): Promise<FundRow> {
  const [fund] = await tx.select().from(funds).where(eq(funds.id, fundId)).for('share');
  if (!fund) throw notFound();
  return fund;
}

/** Units as the contract reads them ("100.5"), at scale 6; null for anything else. */
function unitsOf(text: string): bigint | null {
  try {
    return parseDecimal(text, unitScale);
  } catch {
    return null;
  }
}

export function tradingOperations({ db, config }: Services) {
  const coolingOffMs = config.FIRST_INVESTMENT_COOLING_OFF_HOURS * 3_600_000;
  return {
    listFunds: {
      async handler() {
        const rows = await allFunds(db);
        const marks = await fundMarks(
          db,
          rows.map((fund) => fund.id),
        );
        return { items: rows.map((fund) => fundSummary(fund, marks.get(fund.id))) };
      },
    },

    getFund: {
      async handler(request) {
        const fund = await fundById(db, request.params.fundId);
        if (!fund) throw notFound();
        const marks = await fundMarks(db, [fund.id]);
        const mark = marks.get(fund.id);
        const { holdings, unitsOutstanding } = await fundHoldings(db, fund.id, mark);
        return {
          fund: fundSummary(fund, mark),
          nav: usd(mark?.navCents ?? 0n),
          unitsOutstanding: formatDecimal(unitsOutstanding, unitScale),
          holdings,
          recentFills: await recentFills(db, fund.id),
          navHistory: await navHistory(db, fund.id),
          dailyNav: drawdownSeries((await dailyNavs(db, [fund.id])).get(fund.id) ?? []),
        };
      },
    },

    investInFund: {
      async handler(request, reply): Promise<FundRequestAccepted> {
        const { userId } = signedInAccount(request);
        const { fundId } = request.params;
        if (!(await fundById(db, fundId))) throw notFound();
        const amountCents = usdNumberToCents(request.body.amount);
        if (amountCents === null || amountCents <= 0) {
          throw new HttpError(400, 'amount must be more than 0, with at most two decimals');
        }
        const answer = await idempotent<FundRequestAccepted>(
          db,
          {
            userId,
            operation: `investInFund:${fundId}`,
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({ fundId, amountCents }),
          },
          async (tx) => {
            const fund = await lockedFund(tx, fundId);
            const marks = await fundMarks(tx, [fund.id], { performance: false });
            const { status, reason } = fundStatus(fund, marks.get(fund.id));
            if (status === 'paused') {
              throw new HttpError(
                400,
                `fundId: this fund accepts no investment while it is paused (${reason ?? 'paused'})`,
              );
            }
            if (amountCents < fund.minimumInvestmentCents) {
              throw new HttpError(
                400,
                `amount must be at least the fund's minimum investment of ${formatUsdForPeople(fund.minimumInvestmentCents)}`,
              );
            }
            await lockUser(tx, userId);
            await refuseUncheckedFirstInvestment(tx, userId);
            // A first investment waits out the cooling-off period: cancellable until then, and
            // priced at the first valuation after it.
            const confirmsAt =
              coolingOffMs > 0 && !(await hasInvestedBefore(tx, userId))
                ? new Date(Date.now() + coolingOffMs)
                : null;
            await refuseBelowZero(
              tx,
              userId,
              -amountCents,
              (available) =>
                `amount is more than the available balance (available: ${formatUsdForPeople(available)})`,
            );
            const [stored] = await tx
              .insert(fundRequests)
              .values({ kind: 'investment', userId, fundId, amountCents, confirmsAt })
              .returning();
            if (!stored) throw new Error('The investment was not stored');
            await setAsideInvestment(tx, { userId, fundId, requestId: stored.id, amountCents });
            return {
              statusCode: 202,
              body: {
                msg: confirmsAt
                  ? 'Investment received; it is priced at the first valuation after your cooling-off period'
                  : 'Investment received; it is priced at the next valuation',
                request: fundRequestView(stored, fund),
              },
            };
          },
        );
        reply.status(answer.statusCode);
        return answer.body;
      },
    },

    redeemFromFund: {
      async handler(request, reply): Promise<FundRequestAccepted> {
        const { userId } = signedInAccount(request);
        const { fundId } = request.params;
        if (!(await fundById(db, fundId))) throw notFound();
        const body = request.body;
        let asked: { units: bigint | null; amountCents: number | null; all: boolean };
        if ('units' in body) {
          const units = unitsOf(body.units);
          if (units === null || units <= 0n)
            throw new HttpError(400, 'units must be more than 0, with at most six decimals');
          asked = { units, amountCents: null, all: false };
        } else if ('amount' in body) {
          const amountCents = usdNumberToCents(body.amount);
          if (amountCents === null || amountCents <= 0) {
            throw new HttpError(400, 'amount must be more than 0, with at most two decimals');
          }
          asked = { units: null, amountCents, all: false };
        } else asked = { units: null, amountCents: null, all: true };
        const answer = await idempotent<FundRequestAccepted>(
          db,
          {
            userId,
            operation: `redeemFromFund:${fundId}`,
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({
              fundId,
              units: asked.units?.toString() ?? null,
              amountCents: asked.amountCents,
              all: asked.all,
            }),
          },
          async (tx) => {
            const fund = await lockedFund(tx, fundId);
            await lockUser(tx, userId);
            const held = await unitsHeld(tx, userId, fundId);
            const field = asked.units !== null ? 'units' : asked.amountCents !== null ? 'amount' : 'all';
            if (held <= 0n) throw new HttpError(400, `${field}: you hold no units of this fund`);
            if (asked.units !== null && asked.units > held) {
              throw new HttpError(400, `units: more than the ${formatDecimal(held, unitScale)} units held`);
            }
            if (asked.amountCents !== null) {
              const mark = (await fundMarks(tx, [fund.id], { performance: false })).get(fund.id);
              const worth = holdingValueCents(held, mark?.navPerUnit8 ?? 0n);
              if (BigInt(asked.amountCents) > worth) {
                throw new HttpError(
                  400,
                  `amount: more than the units held are worth (${formatUsdForPeople(Number(worth))} at ${formatDecimal(mark?.navPerUnit8 ?? 0n, priceScale)} a unit)`,
                );
              }
            }
            const [waiting] = await tx
              .select({ id: fundRequests.id })
              .from(fundRequests)
              .where(
                and(
                  eq(fundRequests.userId, userId),
                  eq(fundRequests.fundId, fundId),
                  eq(fundRequests.kind, 'redemption'),
                  eq(fundRequests.status, 'pending'),
                ),
              );
            if (waiting) {
              throw new HttpError(
                400,
                `${field}: a redemption of this fund is already waiting for its valuation`,
              );
            }
            const [stored] = await tx
              .insert(fundRequests)
              .values({ kind: 'redemption', userId, fundId, ...asked })
              .returning();
            if (!stored) throw new Error('The redemption was not stored');
            return {
              statusCode: 202,
              body: {
                msg: 'Redemption received; it is priced at the next valuation',
                request: fundRequestView(stored, fund),
              },
            };
          },
        );
        reply.status(answer.statusCode);
        return answer.body;
      },
    },

    getPortfolio: {
      async handler(request) {
        const { userId } = signedInAccount(request);
        const rows = await allFunds(db);
        const byId = new Map(rows.map((fund) => [fund.id, fund]));
        const holdings = await unitHoldings(db, userId);
        const marks = await fundMarks(
          db,
          holdings.map((holding) => holding.fundId),
          { performance: false },
        );
        let totalCents = 0n;
        const items = [];
        for (const holding of holdings) {
          const fund = byId.get(holding.fundId);
          if (!fund || holding.units === 0n) continue;
          const navPerUnit8 = marks.get(fund.id)?.navPerUnit8 ?? 0n;
          const valueCents = holdingValueCents(holding.units, navPerUnit8);
          const netCents = holding.investedCents - holding.redeemedCents;
          totalCents += valueCents;
          items.push({
            fundId: fund.id,
            fundName: fund.name,
            units: formatDecimal(holding.units, unitScale),
            navPerUnit: formatDecimal(navPerUnit8, priceScale),
            value: usd(valueCents),
            netContributions: usd(netCents),
            profit: usd(valueCents - netCents),
          });
        }
        const pending = await pendingRequests(db, userId);
        return {
          holdings: items,
          pendingRequests: pending.flatMap((row) => {
            const fund = byId.get(row.fundId);
            return fund ? [fundRequestView(row, fund)] : [];
          }),
          totalValue: usd(totalCents),
        };
      },
    },
  } satisfies Operations;
}
