import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Carousel } from './Carousel';

const testimonies = [
  {
    name: 'Amara Okafor',
    place: 'Houston, TX',
    quote:
      'The deposit went through in minutes and the dashboard shows exactly where every dollar sits. I finally understand my portfolio.',
  },
  {
    name: 'Daniel Reyes',
    place: 'Phoenix, AZ',
    quote:
      'I set my risk rules once and the automated strategy kept to them through a rough month. Withdrawals arrived when promised.',
  },
  {
    name: 'Hannah Lindqvist',
    place: 'Minneapolis, MN',
    quote:
      'Support answered at two in the morning and walked me through identity verification step by step. Calm, clear, no pressure.',
  },
  {
    name: 'Marcus Bell',
    place: 'Atlanta, GA',
    quote:
      'Clean statements, honest fees and a referral bonus that actually landed in my balance. I moved my savings plan here.',
  },
  {
    name: 'Priya Natarajan',
    place: 'Seattle, WA',
    quote:
      'I compared five platforms. This is the one where I could read the terms, see the numbers and sleep at night.',
  },
];

function Testimony({ name, place, quote }: (typeof testimonies)[number]) {
  return (
    <figure
      style={{
        margin: 0,
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: vars.space.lg,
        padding: vars.space.xl,
        borderRadius: vars.radius.lg,
        border: `${vars.size.borderWidth} solid ${vars.color.border}`,
        background: vars.color.surface,
      }}
    >
      <blockquote style={{ margin: 0, color: vars.color.text, lineHeight: vars.lineHeight.relaxed, flex: 1 }}>
        “{quote}”
      </blockquote>
      <figcaption style={{ display: 'flex', flexDirection: 'column', gap: vars.space.xxs }}>
        <span style={{ fontWeight: vars.fontWeight.semibold, color: vars.color.text }}>{name}</span>
        <span style={{ fontSize: vars.fontSize.sm, color: vars.color.textMuted }}>{place}</span>
      </figcaption>
    </figure>
  );
}

function slidesOf(root: HTMLElement) {
  const slides = within(root).getAllByRole('group', { name: /^\d of 5$/ });
  const track = slides[0]?.parentElement;
  if (!track) throw new Error('no slides');
  return { slides, track };
}

/** Slides wholly inside the track: what a person sees. */
function visibleSlides(root: HTMLElement): number[] {
  const { slides, track } = slidesOf(root);
  const box = track.getBoundingClientRect();
  return slides.flatMap((slide, index) => {
    const rect = slide.getBoundingClientRect();
    return rect.left >= box.left - 1 && rect.right <= box.right + 1 ? [index + 1] : [];
  });
}

/** Waits until the scroll has settled with slide `first` at the start of the track. */
async function expectFirstVisible(root: HTMLElement, first: number) {
  await waitFor(() => {
    const { slides, track } = slidesOf(root);
    const slide = slides[first - 1];
    if (!slide) throw new Error(`no slide ${first}`);
    expect(Math.abs(slide.getBoundingClientRect().left - track.getBoundingClientRect().left)).toBeLessThan(1);
  });
  await expect(within(root).getByRole('button', { name: `Go to slide ${first}` })).toHaveAttribute(
    'aria-current',
    'true',
  );
}

/** The slide its dots call current (1-based). */
function currentSlide(root: HTMLElement): number {
  const dots = within(root).getAllByRole('button', { name: /^Go to slide \d$/ });
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

/** The current slide once the track has scrolled to it. */
async function settledSlide(root: HTMLElement): Promise<number> {
  const current = currentSlide(root);
  await expectFirstVisible(root, current);
  return current;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Several cards of equal weight that do not all fit, such as the five testimonies on Reviews. One
 * slide per view on phones, two from 600 px, three from 1200 px, 30 px apart. Keep slides
 * static content; leave `autoPlay` off unless the content is decorative.
 */
const meta = {
  title: 'Structure/Carousel',
  component: Carousel,
  args: {
    label: 'Testimonials',
    children: testimonies.map((testimony) => <Testimony key={testimony.name} {...testimony} />),
  },
} satisfies Meta<typeof Carousel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Phones: one slide per view, a dot for each of the five. */
export const Phone: Story = {
  parameters: { screenshot: { width: 375, height: 520 } },
  play: async ({ canvas, canvasElement }) => {
    const region = canvas.getByRole('region', { name: 'Testimonials' });
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(
      slidesOf(canvasElement).slides.map((slide) => slide.getAttribute('aria-roledescription')),
    ).toEqual(Array(5).fill('slide'));
    await waitFor(() => expect(visibleSlides(canvasElement)).toEqual([1]));
    // The dots follow once the layout has been measured.
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(5));
  },
};

/** From 600 px: two slides per view, so four positions. */
export const Tablet: Story = {
  parameters: { screenshot: { width: 800 } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(visibleSlides(canvasElement)).toEqual([1, 2]));
    // The dots follow once the layout has been measured.
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(4));
  },
};

/** From 1200 px: three slides per view, 30 px apart. */
export const Desktop: Story = {
  parameters: { screenshot: { width: 1280 } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(visibleSlides(canvasElement)).toEqual([1, 2, 3]));
    // The dots follow once the layout has been measured.
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3));
    const [first, second] = slidesOf(canvasElement).slides;
    if (!first || !second) throw new Error('expected slides');
    await expect(second.getBoundingClientRect().left - first.getBoundingClientRect().right).toBeCloseTo(
      30,
      0,
    );
  },
};

/** A dot shows its slide first and becomes the current one. */
export const Pagination: Story = {
  parameters: { screenshot: { width: 800 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectFirstVisible(canvasElement, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Go to slide 3' }));
    await expectFirstVisible(canvasElement, 3);
    await expect(visibleSlides(canvasElement)).toEqual([3, 4]);
    await expect(canvas.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
  },
};

/** Next and Previous move one slide and wrap around at the ends. */
export const PreviousAndNext: Story = {
  parameters: { screenshot: { width: 800 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await expectFirstVisible(canvasElement, 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    await expectFirstVisible(canvasElement, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    // Before the first comes the last position: slides 4 and 5.
    await expectFirstVisible(canvasElement, 4);
    await expect(visibleSlides(canvasElement)).toEqual([4, 5]);
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await expectFirstVisible(canvasElement, 1);
  },
};

/** Tab to the slides, then arrow keys, Home and End. */
export const Keyboard: Story = {
  parameters: { screenshot: { width: 800 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab();
    await waitFor(() => expect(slidesOf(canvasElement).track).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expectFirstVisible(canvasElement, 2);
    await userEvent.keyboard('{End}');
    await expectFirstVisible(canvasElement, 4);
    await userEvent.keyboard('{ArrowLeft}');
    await expectFirstVisible(canvasElement, 3);
    await userEvent.keyboard('{Home}');
    await expectFirstVisible(canvasElement, 1);
    // The controls are reachable too: the next Tab stops are Previous, the dots, Next.
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Previous slide' })).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Go to slide 1' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expectFirstVisible(canvasElement, 2);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expectFirstVisible(canvasElement, 2);
  },
};

/**
 * With `autoPlay` it moves on by itself, stops while hovered or focused, and has a button to
 * stop it for good. Under reduced motion it never moves and offers no such button.
 */
export const AutoPlay: Story = {
  args: { autoPlay: true, interval: 1200 },
  parameters: { screenshot: { width: 800 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Testimonials' });
    await expectFirstVisible(canvasElement, 1);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      await wait(1800);
      await expectFirstVisible(canvasElement, 1);
      await expect(canvas.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
      return;
    }
    // It moves on by itself…
    await waitFor(() => expect(currentSlide(canvasElement)).not.toBe(1));
    // …but not while the pointer rests on it (a move its timer began before the pointer came is
    // finished first)…
    await userEvent.hover(region);
    const held = await settledSlide(canvasElement);
    await wait(1800);
    await expectFirstVisible(canvasElement, held);
    // …and not once stopped, even after the pointer leaves.
    await userEvent.click(canvas.getByRole('button', { name: 'Stop automatic slide show' }));
    await expect(canvas.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    await userEvent.unhover(region);
    await userEvent.click(document.body);
    await wait(1800);
    await expectFirstVisible(canvasElement, held);
  },
};
