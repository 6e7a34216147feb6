import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { siteConfig } from '../../config';
import { aboutBlocks, tradeWithUs } from '../../content/about';
import { withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { AboutScreen, worldMapAlt } from './AboutScreen';

const config = { productName: siteConfig.productName, supportEmail: siteConfig.supportEmail };

type Canvas = ReturnType<typeof within>;

const newsletterBlock = (canvas: Canvas) =>
  canvas.getByRole('region', { name: 'Subscribe to our newsletter' });

/** Types an address into the newsletter block and presses Subscribe; the block is brought into view. */
async function subscribe(canvas: Canvas, email = 'jane@example.com') {
  // The story's router renders the screen after its first tick.
  const block = await canvas.findByRole('region', { name: 'Subscribe to our newsletter' });
  block.scrollIntoView({ block: 'center' });
  const input = within(block).getByRole('textbox', { name: 'Email address' });
  await userEvent.type(input, email);
  await userEvent.click(within(block).getByRole('button', { name: 'Subscribe' }));
  return block;
}

/**
 * /about-us: the page header, the six info blocks, the world-locations map, "trade with us" and the
 * newsletter, which subscribes through `POST /newsletter`. The site's header and footer come from the
 * public layout, not from this screen.
 */
const meta = {
  title: 'Site/Public/About',
  component: AboutScreen,
  decorators: [withRouter('/about-us')],
  parameters: { layout: 'fullscreen' },
  // No toast from one story may linger into the next.
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
} satisfies Meta<typeof AboutScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole page: the six blocks in their fixed order, the two Start Trading buttons and the map's words. */
export const Default: Story = {
  parameters: { screenshot: { height: 2800 } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: `About ${siteConfig.productName}` }),
    ).toBeVisible();
    const [startTrading, tradeStart] = canvas.getAllByRole('link', { name: 'Start Trading' });
    await expect(startTrading).toHaveAttribute('href', '/sign-up');
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      ...aboutBlocks(config).map((block) => block.title),
      'Open wherever the law allows',
      tradeWithUs(config).title,
      'Subscribe to our newsletter',
    ]);
    await expect(canvas.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/sign-up');
    await expect(canvas.getByRole('img', { name: worldMapAlt })).toBeVisible();
    const trade = canvas.getByRole('region', { name: tradeWithUs(config).title });
    await expect(within(trade).getByRole('link', { name: 'Start Trading' })).toBe(tradeStart);
    await expect(tradeStart).toHaveAttribute('href', '/sign-in');
    await expect(
      within(newsletterBlock(canvas)).getByRole('textbox', { name: 'Email address' }),
    ).toHaveAttribute('type', 'email');
  },
};

/** While the subscription is on its way, Subscribe shows its spinner. */
export const NewsletterSubmitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.subscribeNewsletter.slow());
  },
  play: async ({ canvas }) => {
    const block = await subscribe(canvas);
    await waitFor(() =>
      expect(within(block).getByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

/** The server's msg shows in the block, and the field empties. */
export const NewsletterSubscribed: Story = {
  play: async ({ canvas }) => {
    const block = await subscribe(canvas);
    const status = await within(block).findByText(fixtures.messages.subscribed.msg);
    await expect(status).toHaveAttribute('role', 'status');
    await expect(within(block).getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  },
};

const tooMany = 'Too many requests. Please try again in a minute.';

/** A refusal shows the server's msg as an error toast; the address stays to try again. */
export const NewsletterError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.subscribeNewsletter.error(429, tooMany));
  },
  play: async ({ canvas }) => {
    const block = await subscribe(canvas);
    await expectToast(tooMany);
    await expect(within(block).getByRole('textbox', { name: 'Email address' })).toHaveValue(
      'jane@example.com',
    );
    await expect(within(block).queryByText(fixtures.messages.subscribed.msg)).toBeNull();
  },
};
