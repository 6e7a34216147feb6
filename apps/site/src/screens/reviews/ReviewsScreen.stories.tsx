import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { testimonials } from '../../content/reviews';
import { withRouter } from '../../testing/storyRouter';
import { ReviewsScreen } from './ReviewsScreen';

type Canvas = ReturnType<typeof within>;

const carousel = (canvas: Canvas) => canvas.getByRole('region', { name: 'Customer testimonies' });

/** Waits until the dot for position `index` is the current one. */
async function expectCurrent(canvas: Canvas, index: number) {
  await waitFor(() =>
    expect(within(carousel(canvas)).getByRole('button', { name: `Go to slide ${index}` })).toHaveAttribute(
      'aria-current',
      'true',
    ),
  );
}

/**
 * /reviews: the five testimonies in the carousel under "Embracing Healthy Competition". The carousel
 * shows one slide, two from 600 px and three from 1200 px, 30 px apart. The site's header and footer
 * come from the public layout, not from this screen.
 */
const meta = {
  title: 'Site/Public/Reviews',
  component: ReviewsScreen,
  decorators: [withRouter('/reviews')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ReviewsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Two testimonies per view at this width, so four positions. The pagination works from the keyboard:
 * Tab reaches each dot and the arrows, Enter and Space press them, and the arrow keys move the slides.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    // The story's router renders the screen after its first tick.
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Embracing Healthy Competition' }),
    ).toBeVisible();
    const region = carousel(canvas);
    await expect(within(region).getAllByRole('group')).toHaveLength(testimonials.length);
    for (const testimony of testimonials) {
      await expect(within(region).getByText(testimony.quote)).toBeInTheDocument();
    }
    await waitFor(() =>
      expect(within(region).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(4),
    );

    // Tab from the slides to the dots: Previous, then the first dot.
    within(region).getAllByRole('group')[0]?.parentElement?.focus();
    await userEvent.tab();
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Previous slide' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Go to slide 3' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expectCurrent(canvas, 3);
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    await expectCurrent(canvas, 2);
    // The arrow keys move one position, anywhere in the carousel.
    await userEvent.keyboard('{ArrowRight}');
    await expectCurrent(canvas, 3);
    // One key at a time, as a person presses them: each waits for the slide it asked for.
    await userEvent.keyboard('{ArrowLeft}');
    await expectCurrent(canvas, 2);
    await userEvent.keyboard('{ArrowLeft}');
    await expectCurrent(canvas, 1);
    // The screenshot is taken once the smooth scroll back to the start has finished.
    const track = within(region).getAllByRole('group')[0]?.parentElement;
    await waitFor(() => expect(track?.scrollLeft).toBe(0));
  },
};

/** From 1200 px: three testimonies per view, so three positions. */
export const Wide: Story = {
  parameters: { screenshot: { width: 1280, height: 720 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Customer testimonies' });
    await waitFor(() =>
      expect(within(carousel(canvas)).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3),
    );
  },
};

/** Phones: one testimony per view, a dot for each of the five. */
export const Phone: Story = {
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Customer testimonies' });
    await waitFor(() =>
      expect(within(carousel(canvas)).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(5),
    );
  },
};
