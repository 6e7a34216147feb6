import type { Schemas } from '@ledgerline/api-client';
import { Select, type SelectOption } from '@ledgerline/ui';
import { statusLabels } from '../../dashboard/history/transactionText';
import { coinName, coins } from '../../dashboard/money/coins';
import * as styles from './ReviewQueue.css';

/** A queue's filters: a status (pending first) and a coin; `all` leaves one out. */
export type QueueFilters = {
  status: Schemas['RequestStatus'] | 'all';
  coin: Schemas['CoinType'] | 'all';
};

export const pendingFirst: QueueFilters = { status: 'pending', coin: 'all' };

/** Rows per page of a queue. */
export const queryPageSize = 50;

/** The filters as the contract's query: `status` and `type`. */
export function queueQuery({ status, coin }: QueueFilters) {
  return { status: status === 'all' ? undefined : status, type: coin === 'all' ? undefined : coin };
}

export const statusOptions: SelectOption<QueueFilters['status']>[] = [
  ...Object.entries(statusLabels).map(([value, label]) => ({
    value: value as keyof typeof statusLabels,
    label,
  })),
  { value: 'all', label: 'All statuses' },
];
const coinOptions: SelectOption<QueueFilters['coin']>[] = [
  { value: 'all', label: 'All coins' },
  ...coins.map((coin) => ({ value: coin, label: coinName(coin) })),
];

/** The status and coin filters of a queue. */
export function QueueFilterBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
}) {
  return (
    <div className={styles.filters}>
      <Select
        label="Status"
        options={statusOptions}
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status })}
      />
      <Select
        label="Coin"
        options={coinOptions}
        value={filters.coin}
        onValueChange={(coin) => onChange({ ...filters, coin })}
      />
    </div>
  );
}
