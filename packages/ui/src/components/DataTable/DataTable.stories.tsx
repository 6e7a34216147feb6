import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Money } from '../Money/Money';
import { Select } from '../Select/Select';
import { StatusBadge } from '../StatusBadge/StatusBadge';
import { Table } from '../Table/Table';
import { DataTable, type DataTableProps } from './DataTable';

type Request = { id: string; user: string; amount: number; status: 'pending' | 'approved' };

const requests: Request[] = [
  { id: 'DEP-7K2M9Q4X', user: 'Jane Doe', amount: 1250.5, status: 'pending' },
  { id: 'DEP-3HT8WZ1C', user: 'John Smith', amount: 80, status: 'pending' },
  { id: 'DEP-9QP2LM6V', user: 'Maria Garcia', amount: 3400, status: 'pending' },
  { id: 'DEP-1BX7RC5N', user: 'Wei Chen', amount: 615.25, status: 'approved' },
];

const columns = (
  <Table.Row>
    <Table.ColumnHeader>Deposit</Table.ColumnHeader>
    <Table.ColumnHeader>User</Table.ColumnHeader>
    <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
    <Table.ColumnHeader>Status</Table.ColumnHeader>
    <Table.ColumnHeader>Review</Table.ColumnHeader>
  </Table.Row>
);

/** A queue whose "Review" removes the row (as approving a pending deposit does in a pending queue). */
function Queue(props: Partial<DataTableProps<Request>> & { onOpen?: (request: Request) => void }) {
  const [rows, setRows] = useState(requests);
  return (
    <DataTable<Request>
      plural="deposits"
      singular="deposit"
      status={{ phase: 'ready' }}
      items={rows}
      getKey={(row) => row.id}
      columns={columns}
      emptyTitle="No deposit is waiting for review"
      renderRow={(row, action) => (
        <Table.Row key={row.id}>
          <Table.RowHeader>{row.id}</Table.RowHeader>
          <Table.Cell>{row.user}</Table.Cell>
          <Table.Cell numeric>
            <Money amount={row.amount} display="code" colored={false} />
          </Table.Cell>
          <Table.Cell>
            <StatusBadge status={row.status} />
          </Table.Cell>
          <Table.Cell>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                props.onOpen?.(row);
                setRows((current) => current.filter((other) => other.id !== row.id));
              }}
              {...action}
            >
              Review {row.id}
            </Button>
          </Table.Cell>
        </Table.Row>
      )}
      {...props}
    />
  );
}

/**
 * A DataTable lists records with what every back-office list needs around them: filters, loading,
 * failed and empty states, "Load more" by keyset, and rows whose one action each is reached with
 * the arrow keys. Use a plain `Table` for a fixed table without those.
 */
const meta = {
  title: 'Structure/DataTable',
  component: Queue,
  args: { onOpen: fn() },
} satisfies Meta<typeof Queue>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Rows: Story = {
  args: {
    filters: (
      <Select
        label="Status"
        options={[
          { value: 'pending', label: 'Pending' },
          { value: 'all', label: 'All statuses' },
        ]}
        value="pending"
        onValueChange={() => {}}
      />
    ),
    more: { available: true, loading: false, onLoadMore: fn() },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(5);
    await expect(canvas.getByText('Showing 4 deposits, more available.')).toBeInTheDocument();
    await canvas.getByRole('button', { name: 'Load more' }).click();
    await expect(args.more?.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

/** The row actions are one tab stop; the arrows, Home and End move between them. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const review = (id: string) => canvas.getByRole('button', { name: `Review ${id}` });
    await userEvent.click(canvas.getByText('DEP-7K2M9Q4X'));
    await userEvent.tab();
    await waitFor(() => expect(review('DEP-7K2M9Q4X')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(review('DEP-3HT8WZ1C')).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(review('DEP-1BX7RC5N')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(review('DEP-1BX7RC5N')).toHaveFocus());
    await userEvent.keyboard('{Home}{ArrowUp}');
    await waitFor(() => expect(review('DEP-7K2M9Q4X')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    // One tab stop: Tab leaves the table from the row it is on, Shift+Tab comes back to it.
    await expect(review('DEP-7K2M9Q4X')).toHaveAttribute('tabindex', '-1');
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await waitFor(() => expect(review('DEP-3HT8WZ1C')).toHaveFocus());
    // Enter opens the row; it leaves the list, and focus goes to the row now in its place.
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'DEP-3HT8WZ1C' }));
    await waitFor(() => expect(review('DEP-9QP2LM6V')).toHaveFocus());
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(review('DEP-9QP2LM6V')).toHaveFocus());
  },
};

export const Loading: Story = {
  args: { status: { phase: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the deposits' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: { phase: 'failed', message: 'The server could not be reached.', onRetry: fn() } },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'The deposits could not be loaded' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    if (args.status?.phase === 'failed') await expect(args.status.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No deposit is waiting for review' })).toBeVisible();
    await expect(canvas.getByText('Showing 0 deposits.')).toBeInTheDocument();
  },
};
