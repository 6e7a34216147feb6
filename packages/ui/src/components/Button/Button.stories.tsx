import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from './Button';

/**
 * The product's one button. `primary` for the main action of a view (one per view), `secondary`
 * beside it, `ghost` for quiet actions in toolbars and tables, `danger` for what cannot be undone.
 * While a request is in flight set `loading`: the button keeps its size and says it is busy.
 */
const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Invest Now', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Invest Now' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    // Keyboard: Tab reaches it, Enter and Space press it.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(3);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="danger">
        Delete wallet
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('button', { name: 'Small' }).getBoundingClientRect();
    const large = canvas.getByRole('button', { name: 'Large' }).getBoundingClientRect();
    await expect(large.height).toBeGreaterThan(small.height);
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Sign In' },
  play: async ({ args, canvas, userEvent }) => {
    // Still named for screen readers, and announced as busy.
    const button = canvas.getByRole('button', { name: 'Sign In' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LoadingKeepsItsSize: Story = {
  args: { children: 'Submit deposit request' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Button {...args} />
      <Button {...args} loading />
    </div>
  ),
  play: async ({ canvas }) => {
    const [idle, busy] = canvas.getAllByRole('button');
    if (!idle || !busy) throw new Error('expected two buttons');
    const a = idle.getBoundingClientRect();
    const b = busy.getBoundingClientRect();
    await expect(b.width).toBe(a.width);
    await expect(b.height).toBe(a.height);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Invest Now' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="/sign-up">Create account</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Create account' });
    await expect(link).toHaveAttribute('href', '/sign-up');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
