import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Money } from '../Money/Money';
import { Table, type TableRootProps, type TableSort } from './Table';

const transactions = [
  {
    ref: 'TRX-000184',
    date: 'Mar 14, 2024',
    type: 'Deposit',
    asset: 'Bitcoin',
    amount: 1250,
    status: 'Approved',
  },
  {
    ref: 'TRX-000185',
    date: 'Mar 18, 2024',
    type: 'Withdrawal',
    asset: 'USDT',
    amount: 80,
    status: 'Pending',
  },
  {
    ref: 'TRX-000191',
    date: 'Apr 2, 2024',
    type: 'Deposit',
    asset: 'Ethereum',
    amount: 3400.5,
    status: 'Approved',
  },
  {
    ref: 'TRX-000203',
    date: 'Apr 9, 2024',
    type: 'Withdrawal',
    asset: 'Bitcoin',
    amount: 615.25,
    status: 'Rejected',
  },
];

const coins = [
  { rank: 1, name: 'Bitcoin', price: 67234.12, ath: 73750.07 },
  { rank: 2, name: 'Ethereum', price: 3501.88, ath: 4878.26 },
  { rank: 3, name: 'Tether', price: 1, ath: 1.32 },
  { rank: 4, name: 'BNB', price: 598.4, ath: 717.48 },
  { rank: 5, name: 'Solana', price: 171.03, ath: 259.96 },
];
type Coin = (typeof coins)[number];

function TransactionRows() {
  return (
    <>
      {transactions.map((row) => (
        <Table.Row key={row.ref}>
          <Table.RowHeader>{row.ref}</Table.RowHeader>
          <Table.Cell>{row.date}</Table.Cell>
          <Table.Cell>
            {row.type} · {row.asset}
          </Table.Cell>
          <Table.Cell>{row.status}</Table.Cell>
          <Table.Cell numeric>
            <Money amount={row.amount} display="code" sign={row.type === 'Deposit' ? 'credit' : 'debit'} />
          </Table.Cell>
        </Table.Row>
      ))}
    </>
  );
}

function TransactionHead() {
  return (
    <Table.Head>
      <Table.Row>
        <Table.ColumnHeader>Reference</Table.ColumnHeader>
        <Table.ColumnHeader>Date</Table.ColumnHeader>
        <Table.ColumnHeader>Details</Table.ColumnHeader>
        <Table.ColumnHeader>Status</Table.ColumnHeader>
        <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
      </Table.Row>
    </Table.Head>
  );
}

/**
 * Records to compare in rows and columns: transactions, coins. Write a caption (it names the
 * table and its scroll region), mark number columns `numeric`, and give `sortKey`s with
 * `sort`/`onSortChange` where people need to reorder. Sorting the rows is the caller's job.
 */
const meta = {
  title: 'Structure/Table',
  component: Table.Root,
  args: {
    caption: 'Recent transactions',
    children: (
      <>
        <TransactionHead />
        <Table.Body>
          <TransactionRows />
        </Table.Body>
      </>
    ),
  },
} satisfies Meta<typeof Table.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Recent transactions' });
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(4);
    const amount = canvas.getByRole('cell', { name: '+ 1,250.00 USD' });
    await expect(getComputedStyle(amount).textAlign).toBe('end');
    await expect(getComputedStyle(amount).fontVariantNumeric).toBe('tabular-nums');
    await expect(getComputedStyle(canvas.getByRole('columnheader', { name: 'Amount' })).textAlign).toBe(
      'end',
    );
    // Wide enough here: no scrolling region, no extra Tab stop.
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

function SortableCoins(
  props: Omit<TableRootProps, 'children' | 'caption'> & { onOrder?: (sort: TableSort) => void },
) {
  const { onOrder, ...rest } = props;
  const [sort, setSort] = useState<TableSort>({ column: 'rank', direction: 'ascending' });
  const key = sort.column as keyof Coin;
  const rows = [...coins].sort((a, b) => {
    const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
    return sort.direction === 'ascending' ? order : -order;
  });
  return (
    <Table.Root
      caption="Top coins by market cap"
      sort={sort}
      onSortChange={(next) => {
        onOrder?.(next);
        setSort(next);
      }}
      {...rest}
    >
      <Table.Head>
        <Table.Row>
          <Table.ColumnHeader numeric sortKey="rank">
            Rank
          </Table.ColumnHeader>
          <Table.ColumnHeader sortKey="name">Coin</Table.ColumnHeader>
          <Table.ColumnHeader numeric sortKey="price">
            Price
          </Table.ColumnHeader>
          <Table.ColumnHeader numeric>All-time high</Table.ColumnHeader>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {rows.map((coin) => (
          <Table.Row key={coin.name}>
            <Table.Cell numeric>{coin.rank}</Table.Cell>
            <Table.RowHeader>{coin.name}</Table.RowHeader>
            <Table.Cell numeric>
              <Money amount={coin.price} />
            </Table.Cell>
            <Table.Cell numeric>
              <Money amount={coin.ath} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const firstCoin = (table: HTMLElement) => within(table).getAllByRole('rowheader')[0]?.textContent;

/** Pressing a header sorts by it; pressing again reverses; `aria-sort` says which way. */
export const Sortable: Story = {
  args: { onSortChange: fn() },
  render: (args) => <SortableCoins onOrder={args.onSortChange} />,
  play: async ({ args, canvas, userEvent }) => {
    const table = canvas.getByRole('table', { name: 'Top coins by market cap' });
    const rank = canvas.getByRole('columnheader', { name: 'Rank' });
    const price = canvas.getByRole('columnheader', { name: 'Price' });
    await expect(rank).toHaveAttribute('aria-sort', 'ascending');
    await expect(price).not.toHaveAttribute('aria-sort');
    // Not every column sorts.
    await expect(canvas.queryByRole('button', { name: 'All-time high' })).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Price' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: 'price', direction: 'ascending' });
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(rank).not.toHaveAttribute('aria-sort');
    await expect(firstCoin(table)).toBe('Tether');

    await userEvent.click(canvas.getByRole('button', { name: 'Price' }));
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCoin(table)).toBe('Bitcoin');

    // From the keyboard: Tab to "Coin", Enter.
    canvas.getByRole('button', { name: 'Rank' }).focus();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Coin' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('columnheader', { name: 'Coin' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(firstCoin(table)).toBe('BNB');
  },
};

/** On a phone the table scrolls sideways in its frame, a named region that takes keyboard focus. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 375 } },
  play: async ({ canvas, userEvent }) => {
    const region = await canvas.findByRole('region', { name: 'Recent transactions' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    // Positioned, so absolutely positioned content (visually hidden text) scrolls with the table.
    await expect(getComputedStyle(region).position).toBe('relative');
    await userEvent.tab();
    await waitFor(() => expect(region).toHaveFocus());
  },
};

export const Empty: Story = {
  args: {
    children: (
      <>
        <TransactionHead />
        <Table.Body>
          <Table.Empty colSpan={5}>You currently do not have any transaction history</Table.Empty>
        </Table.Body>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const message = canvas.getByRole('cell', { name: 'You currently do not have any transaction history' });
    await expect(message).toHaveAttribute('colspan', '5');
    await expect(message).toBeVisible();
  },
};

/** A heading above already names the table: the caption is for screen readers only. */
export const HiddenCaption: Story = {
  args: { captionHidden: true },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Recent transactions' });
    const caption = within(table).getByText('Recent transactions');
    await expect(caption.getBoundingClientRect().height).toBeLessThanOrEqual(1);
  },
};
