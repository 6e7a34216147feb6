import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { referralBonusCentsSql } from '../ledger/figures';
import { maskName } from './names';

type ReferralList = components['schemas']['ReferralList'];

export function referralOperations({ db }: Services) {
  return {
    listReferrals: {
      /**
       * The users who registered with this user's code, newest first, names masked, with whether
       * their first deposit was approved and the referral bonus it earned (from the ledger).
       */
      async handler(request): Promise<ReferralList> {
        const { userId } = signedInAccount(request);
        const result = await db.execute(sql`
          SELECT u.id, u.fullname, u.created_at,
            u.first_deposit_id IS NOT NULL AS approved,
            ${referralBonusCentsSql(userId, sql`u.id`)} AS bonus_cents
          FROM users u
          WHERE u.referred_by_id = ${userId}
          ORDER BY u.created_at DESC, u.id DESC`);
        const rows = rowsOf<{
          id: string;
          fullname: string;
          created_at: string | Date;
          approved: boolean;
          bonus_cents: string | number;
        }>(result);
        const items = rows.map((row) => ({
          _id: row.id,
          name: maskName(row.fullname),
          joinedAt: new Date(row.created_at).toISOString(),
          firstDepositApproved: row.approved,
          bonusEarned: centsToUsdNumber(Number(row.bonus_cents)),
        }));
        const totalCents = rows.reduce((sum, row) => sum + Number(row.bonus_cents), 0);
        return { items, totalBonus: centsToUsdNumber(totalCents) };
      },
    },
  } satisfies Operations;
}
