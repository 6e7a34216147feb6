import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../testing/storyRouter';
import { ErrorScreen } from './ErrorScreen';

/** Unknown routes and unhandled errors: "Unexpected Application Error!" with the error's message. */
const meta = {
  title: 'Site/ErrorScreen',
  component: ErrorScreen,
  decorators: [withRouter('/no-such-page')],
  parameters: { layout: 'fullscreen' },
  args: { message: '404 Not Found' },
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(canvas.getByText('404 Not Found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
  },
};
