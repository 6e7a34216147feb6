import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Testimonial } from './Testimonial';

// A local picture for the story (no external image): a plain portrait silhouette.
const avatar = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#c7d2fe"/><circle cx="24" cy="19" r="8" fill="#4338ca"/><path d="M8 46c2-9 8.5-14 16-14s14 5 16 14Z" fill="#4338ca"/></svg>',
)}`;

/**
 * A customer's testimony, as on the Reviews page (five of them in a `Carousel`). The quote is a
 * `<blockquote>` inside a `<figure>` whose `<figcaption>` names who said it and where; a picture,
 * or their initials when there is none.
 */
const meta = {
  title: 'Product/Testimonial',
  component: Testimonial,
  args: {
    quote:
      'Every deposit and withdrawal is in my history with its status, so I always know where my money is.',
    name: 'Maria Gonzalez',
    place: 'Austin',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Testimonial>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No picture: the initials stand in, hidden from screen readers (the name is written). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure');
    await expect(figure.querySelector('blockquote')).toHaveTextContent(
      'Every deposit and withdrawal is in my history',
    );
    await expect(figure.querySelector('figcaption')).toHaveTextContent('Maria Gonzalez');
    await expect(figure.querySelector('figcaption')).toHaveTextContent('Austin');
    await expect(canvas.getByText('MG')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** With a picture: decorative (`alt=""`), the name is beside it. */
export const WithAvatar: Story = {
  args: { avatar, name: 'Daniel K.', place: 'Manchester' },
  play: async ({ canvas }) => {
    const picture = canvas.getByRole('figure').querySelector('img');
    await expect(picture).toHaveAttribute('alt', '');
    await expect(canvas.queryByText('DK')).toBeNull();
  },
};

/** Without a place: the name alone. */
export const WithoutPlace: Story = {
  args: { place: undefined, name: 'Sofia' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('S')).toBeVisible();
    await expect(canvas.getByRole('figure').querySelector('figcaption')).toHaveTextContent(/^S?Sofia$/);
  },
};
