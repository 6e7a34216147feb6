import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { CheckEmailScreen } from './CheckEmailScreen';

/** /check-email: after sign-up, says a verification link was sent. */
const meta = {
  title: 'Site/Auth/CheckEmail',
  component: CheckEmailScreen,
  decorators: [withRouter('/check-email')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CheckEmailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/sign-in');
  },
};
