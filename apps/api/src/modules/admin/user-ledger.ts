import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import type { Database } from '../../db/database';
import type { PageQuery } from '../../http/pagination';
import { userEntryPage } from '../ledger/entries';
import { optionalUserRef } from '../money/views';

type LedgerEntryPage = components['schemas']['LedgerEntryPage'];

/** One page of a user's ledger as the back office shows it: each entry and its balance after it, in USD. */
export function userLedgerPage(db: Database, userId: string, query: PageQuery): Promise<LedgerEntryPage> {
  return userEntryPage(db, userId, query, (entry) => ({
    _id: entry.id,
    journalId: entry.journalId,
    account: entry.account,
    amount: centsToUsdNumber(entry.amountCents),
    balanceAfter: centsToUsdNumber(entry.balanceAfterCents),
    kind: entry.kind,
    memo: entry.memo,
    createdAt: entry.createdAt.toISOString(),
    createdBy: optionalUserRef(entry.postedBy),
    ref: entry.ref,
  }));
}
