import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { type DailyMovement, dailyMovements } from '../ledger/figures';
import { dailyNavs } from './performance';
import { holdingValueCents, usd } from './views';

type BalancePoint = components['schemas']['BalancePoint'];

const dayMs = 86_400_000;

/** `YYYY-MM-DD` of the UTC day holding `time`. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A user's money at the end of each UTC day from `first` to `last` (inclusive): cash (available and
 * held) and invested (waiting for a valuation, plus each fund's units × its NAV per unit of the last
 * valuation that day or before, rounded down per holding). Every balance is the running sum of the
 * day's movements; a day without movements or valuations carries the day before.
 */
export function balancePoints(
  unordered: readonly DailyMovement[],
  navs: ReadonlyMap<string, readonly { date: string; navPerUnit8: bigint }[]>,
  first: string,
  last: string,
): BalancePoint[] {
  const movements = [...unordered].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let cash = 0n;
  let pending = 0n;
  const units = new Map<string, bigint>();
  const nav = new Map<string, bigint>();
  let moved = 0;
  const navAt = new Map([...navs].map(([fundId]) => [fundId, 0]));
  const apply = (movement: DailyMovement) => {
    if (movement.account === 'available' || movement.account === 'held') cash += movement.amount;
    else if (movement.account === 'pending_investment') pending += movement.amount;
    else if (movement.fundId)
      units.set(movement.fundId, (units.get(movement.fundId) ?? 0n) + movement.amount);
  };
  const catchUp = (day: string) => {
    while (moved < movements.length && (movements[moved]?.day ?? '') <= day) {
      const movement = movements[moved];
      if (movement) apply(movement);
      moved += 1;
    }
    for (const [fundId, series] of navs) {
      let index = navAt.get(fundId) ?? 0;
      while (index < series.length && (series[index]?.date ?? '') <= day) {
        const point = series[index];
        if (point) nav.set(fundId, point.navPerUnit8);
        index += 1;
      }
      navAt.set(fundId, index);
    }
  };

  const points: BalancePoint[] = [];
  for (let time = Date.parse(first); time <= Date.parse(last); time += dayMs) {
    const day = dayOf(time);
    catchUp(day);
    let invested = pending;
    for (const [fundId, held] of units) {
      // Units priced at a valuation stamped later than the day they were issued (a candle closing
      // after midnight) are worth that first valuation's NAV per unit until then.
      const perUnit = nav.get(fundId) ?? navs.get(fundId)?.[0]?.navPerUnit8;
      if (held > 0n && perUnit !== undefined) invested += holdingValueCents(held, perUnit);
    }
    points.push({ date: day, cash: usd(cash), invested: usd(invested) });
  }
  return points;
}

export function balanceHistoryOperations({ db }: Services) {
  return {
    getBalanceHistory: {
      async handler(request) {
        const { userId } = signedInAccount(request);
        const days = request.query.days ?? 90;
        const [user] = await db
          .select({ createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, userId));
        const now = Date.now();
        const last = dayOf(now);
        const earliest = dayOf(now - (days - 1) * dayMs);
        const opened = user ? dayOf(user.createdAt.getTime()) : last;
        const movements = await dailyMovements(db, userId);
        const fundIds = [
          ...new Set(movements.flatMap((movement) => (movement.fundId ? [movement.fundId] : []))),
        ];
        const navs = await dailyNavs(db, fundIds);
        // Movements before the first day shown open its balances: the running sum starts with them.
        return { points: balancePoints(movements, navs, opened > earliest ? opened : earliest, last) };
      },
    },
  } satisfies Operations;
}
