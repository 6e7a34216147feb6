import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Accordion, type AccordionRootProps } from './Accordion';

/**
 * Use an Accordion for a list of questions whose answers most people skip, such as the home page's
 * FAQ. One answer is open at a time (the first, to begin with); opening another closes it.
 */
const meta = {
  title: 'Structure/Accordion',
  component: Accordion.Root,
  args: {},
  render: (args) => <Faq {...args} count={5} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Accordion.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

const questions: [string, string][] = [
  [
    'How do I make a deposit?',
    'Open Deposit in your dashboard, choose a coin and an amount, send the funds to the wallet address shown and upload your receipt. We credit your balance once the deposit is approved.',
  ],
  [
    'How long does a withdrawal take?',
    'Withdrawal requests are reviewed within 24 hours on business days. Once approved, the funds are sent to the address you gave.',
  ],
  [
    'What is the minimum investment?',
    'The Student plan starts at 100 pounds. Each plan lists its range on the Trading Plans page.',
  ],
  [
    'Why do you need to verify my identity?',
    'Regulation requires us to know our customers. Upload a passport on the KYC page; we review it within two business days.',
  ],
  [
    'How does the referral program work?',
    'Share your referral link. When someone signs up with it and invests, you receive a referral bonus.',
  ],
  ['Can I change my trading plan?', 'Yes: invest in a higher plan at any time from the Trading Plans page.'],
  ['Which coins can I deposit?', 'Bitcoin, Ethereum and USDT.'],
  [
    'Is there a fee for transactions?',
    'No. The transaction fee is shown as 0 USD on every deposit and withdrawal.',
  ],
  [
    'How do I contact support?',
    'Write to our support mailbox from the Contact Us page; we answer within 48 hours, sooner on higher plans.',
  ],
];

function Faq({ count, ...props }: AccordionRootProps & { count: number }) {
  return (
    <Accordion.Root {...props}>
      {questions.slice(0, count).map(([question, answer], index) => (
        <Accordion.Item key={question} value={`question-${index + 1}`}>
          <Accordion.Trigger>{question}</Accordion.Trigger>
          <Accordion.Content>{answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

/** The questions (buttons), in order, and which of them are open. */
function state(canvas: { getAllByRole: (role: 'button') => HTMLElement[] }) {
  const buttons = canvas.getAllByRole('button');
  const open = buttons.filter((button) => button.getAttribute('aria-expanded') === 'true');
  return { buttons, open };
}

export const FirstOpen: Story = {
  play: async ({ canvas }) => {
    const { buttons, open } = state(canvas);
    await expect(buttons).toHaveLength(5);
    // The first is open at first, and only the first.
    await expect(open).toEqual([buttons[0]]);
    await expect(canvas.getByRole('region', { name: 'How do I make a deposit?' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  },
};

export const ClickingOpensOne: Story = {
  play: async ({ canvas }) => {
    const withdrawal = canvas.getByRole('button', { name: 'How long does a withdrawal take?' });
    await userEvent.click(withdrawal);
    // The clicked question opens and the first closes: one open at a time.
    await expect(state(canvas).open).toEqual([withdrawal]);
    await expect(canvas.getByText(/reviewed within 24 hours/)).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(/upload your receipt/)).toBeNull());
    const referral = canvas.getByRole('button', { name: 'How does the referral program work?' });
    await userEvent.click(referral);
    await expect(state(canvas).open).toEqual([referral]);
    // Clicking the open question closes it again.
    await userEvent.click(referral);
    await expect(state(canvas).open).toEqual([]);
    await userEvent.click(withdrawal);
    await expect(state(canvas).open).toEqual([withdrawal]);
  },
};

export const KeyboardOperable: Story = {
  play: async ({ canvas }) => {
    const { buttons } = state(canvas);
    const [first, second, third, , last] = buttons;
    await userEvent.tab();
    await waitFor(() => expect(first).toHaveFocus());
    // Arrows move between questions, Home and End jump to the ends.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(second).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(third).toHaveFocus());
    // Enter opens the focused question and closes the first.
    await userEvent.keyboard('{Enter}');
    await expect(state(canvas).open).toEqual([third]);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(last).toHaveFocus());
    // Space works too.
    await userEvent.keyboard(' ');
    await expect(state(canvas).open).toEqual([last]);
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(state(canvas).open).toEqual([first]);
  },
};

export const ThreeQuestions: Story = {
  render: (args) => <Faq {...args} count={3} />,
  play: async ({ canvas }) => {
    const { buttons, open } = state(canvas);
    await expect(buttons).toHaveLength(3);
    await expect(open).toEqual([buttons[0]]);
  },
};

export const NineQuestions: Story = {
  parameters: { screenshot: { width: 800, height: 900 } },
  render: (args) => <Faq {...args} count={9} />,
  play: async ({ canvas }) => {
    const { buttons } = state(canvas);
    await expect(buttons).toHaveLength(9);
    const last = buttons[8];
    if (!last) throw new Error('expected nine questions');
    await userEvent.click(last);
    await expect(state(canvas).open).toEqual([last]);
    await expect(canvas.getByText(/support mailbox/)).toBeVisible();
  },
};

export const ChosenItemOpen: Story = {
  args: { defaultValue: 'question-2' },
  play: async ({ canvas }) => {
    await expect(state(canvas).open).toEqual([
      canvas.getByRole('button', { name: 'How long does a withdrawal take?' }),
    ]);
  },
};
