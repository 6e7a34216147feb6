import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Timeline, type TimelineItem } from './Timeline';

const requested: TimelineItem = {
  label: 'Requested',
  time: '2026-11-21T09:40:00.000Z',
  actor: 'Jane Cooper',
};

/** The timeline's list and its items. */
function itemsOf(canvas: HTMLElement) {
  const list = within(canvas).getByRole('list');
  return { list, items: within(list).getAllByRole('listitem') };
}

/**
 * What happened to a request, oldest first: a deposit, a withdrawal or a KYC request, from "Requested"
 * to "Approved" or "Rejected". Each state has its time, who acted, and a note (a rejection's reason).
 * The marker's colour and glyph repeat the label's words, so nothing is said by colour alone.
 */
const meta = {
  title: 'Structure/Timeline',
  component: Timeline,
  args: {
    items: [
      requested,
      { label: 'Approved', time: '2026-11-21T16:05:00.000Z', actor: 'Ada Admin', tone: 'positive' },
    ],
  },
  parameters: { screenshot: { width: 480, height: 320 } },
} satisfies Meta<typeof Timeline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Requested, then approved by an admin. */
export const Approved: Story = {
  play: async ({ canvasElement }) => {
    const { list, items } = itemsOf(canvasElement);
    await expect(list.tagName).toBe('OL');
    await expect(items).toHaveLength(2);
    await expect(items[1]).toHaveTextContent(/^Approved/);
    await expect(items[1]).toHaveTextContent('by Ada Admin');
    // Each time is machine-readable, and written for people.
    const time = items[1]?.querySelector('time');
    await expect(time).toHaveAttribute('dateTime', '2026-11-21T16:05:00.000Z');
    await expect(time).toHaveTextContent(/Nov 21, 2026/);
  },
};

/** Rejected: the reason the user was given is shown under it. */
export const Rejected: Story = {
  args: {
    items: [
      requested,
      {
        label: 'Rejected',
        time: '2026-11-21T16:05:00.000Z',
        actor: 'Ada Admin',
        note: 'Reason: the receipt shows another amount.',
        tone: 'negative',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const { items } = itemsOf(canvasElement);
    await expect(items[1]).toHaveTextContent(/^Rejected/);
    await expect(within(items[1] ?? canvasElement).getByText(/another amount/)).toBeVisible();
  },
};

/** Still pending: the awaited state has no time yet. */
export const Pending: Story = {
  args: { items: [requested, { label: 'Awaiting review', tone: 'pending' }] },
  play: async ({ canvasElement }) => {
    const { items } = itemsOf(canvasElement);
    await expect(items[1]).toHaveTextContent('Awaiting review');
    await expect(items[1]?.querySelector('time')).toBeNull();
  },
};

/** A large withdrawal: two admins approve it, one after the other. */
export const TwoApprovals: Story = {
  args: {
    items: [
      requested,
      { label: 'First approval', time: '2026-11-21T12:30:00.000Z', actor: 'Ada Admin', tone: 'positive' },
      { label: 'Approved', time: '2026-11-21T16:05:00.000Z', actor: 'Grace Reviewer', tone: 'positive' },
    ],
  },
  play: async ({ canvasElement }) => {
    const { items } = itemsOf(canvasElement);
    await expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Requested.*by Jane Cooper$/),
      expect.stringMatching(/^First approval.*by Ada Admin$/),
      expect.stringMatching(/^Approved.*by Grace Reviewer$/),
    ]);
  },
};

/** A long note wraps inside the column, on a phone too. */
export const NarrowScreen: Story = {
  args: Rejected.args,
  parameters: { screenshot: { width: 320, height: 360 } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
