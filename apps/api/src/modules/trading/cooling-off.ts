import type { components } from '@ledgerline/api-client/contract';
import { and, eq } from 'drizzle-orm';
import { fundRequests, funds } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { lockUser } from '../ledger/balances';
import { setAsideInvestment } from '../ledger/fund-postings';
import { formatUsdForPeople } from '../money/amounts';
import { fundRequestView } from './views';

type FundRequestAccepted = components['schemas']['FundRequestAccepted'];

/** Why a cancelled first investment was cancelled, as its request keeps it. */
export const cancelledInCoolingOff = 'Cancelled by the investor during the cooling-off period';

/**
 * A first-time investor's change of mind: their first investment, still in its cooling-off period,
 * is cancelled and its amount goes back to their available balance, in one transaction. The request
 * is locked and must still be pending, so a second cancel (or a valuation) never moves money twice;
 * no valuation prices it before the period ends, so none races a cancel within it.
 */
export function coolingOffOperations({ db }: Services) {
  return {
    cancelFundRequest: {
      async handler(request): Promise<FundRequestAccepted> {
        const { userId } = signedInAccount(request);
        const { requestId } = request.params;
        return db.transaction(async (tx) => {
          await lockUser(tx, userId);
          const [stored] = await tx
            .select()
            .from(fundRequests)
            .where(and(eq(fundRequests.id, requestId), eq(fundRequests.userId, userId)))
            .for('update');
          if (!stored) throw new HttpError(404, 'Not found');
          const [fund] = await tx.select().from(funds).where(eq(funds.id, stored.fundId));
          if (!fund) throw new HttpError(404, 'Not found');
          if (
            stored.kind !== 'investment' ||
            stored.status !== 'pending' ||
            stored.amountCents === null ||
            stored.confirmsAt === null
          ) {
            throw new HttpError(409, 'Only a first investment waiting for its valuation can be cancelled');
          }
          if (stored.confirmsAt.getTime() <= Date.now()) {
            throw new HttpError(
              409,
              'The cooling-off period of this investment has ended: it is priced at the next valuation',
            );
          }
          const [cancelled] = await tx
            .update(fundRequests)
            .set({ status: 'cancelled', reason: cancelledInCoolingOff })
            .where(and(eq(fundRequests.id, stored.id), eq(fundRequests.status, 'pending')))
            .returning();
          if (!cancelled)
            throw new HttpError(409, 'Only a first investment waiting for its valuation can be cancelled');
          await setAsideInvestment(tx, {
            userId,
            fundId: stored.fundId,
            requestId: stored.id,
            amountCents: stored.amountCents,
            refund: true,
          });
          return {
            msg: `Investment cancelled; ${formatUsdForPeople(stored.amountCents)} is available again`,
            request: fundRequestView(cancelled, fund),
          };
        });
      },
    },
  } satisfies Operations;
}
