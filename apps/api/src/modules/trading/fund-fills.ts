import { formatDecimal, priceScale, quantityScale } from '@ledgerline/engine';
import { eq } from 'drizzle-orm';
import { fills } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { fundById } from './fund-config';
import { usd } from './views';

/** Every fee of a paper fill is paid in the fund's cash, US dollars. */
const feeAsset = 'USD';

export function fundFillOperations({ db }: Services) {
  return {
    listFundFills: {
      async handler(request) {
        const fund = await fundById(db, request.params.fundId);
        if (!fund) throw new HttpError(404, 'Not found');
        return keysetPage({
          query: request.query,
          keys: { createdAt: fills.time, id: fills.id },
          filters: [
            eq(fills.fundId, fund.id),
            request.query.side === undefined ? undefined : eq(fills.side, request.query.side),
            request.query.pair === undefined ? undefined : eq(fills.pair, request.query.pair),
          ],
          read: ({ where, orderBy, limit }) =>
            db
              .select()
              .from(fills)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: (fill) => ({ createdAt: fill.time, id: fill.id }),
          toItem: (fill) => ({
            _id: fill.id,
            clientId: fill.orderClientId,
            time: fill.time.toISOString(),
            side: fill.side === 'sell' ? ('sell' as const) : ('buy' as const),
            pair: fill.pair,
            quantity: formatDecimal(fill.quantity, quantityScale),
            price: formatDecimal(fill.price8, priceScale),
            notional: usd(fill.notionalCents),
            fee: usd(fill.feeCents),
            feeAsset,
            reason: fill.reason,
          }),
        });
      },
    },
  } satisfies Operations;
}
