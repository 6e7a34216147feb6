import type { Decorator } from '@storybook/react-vite';
import { storyMain } from './storyFrame.css';

/**
 * For stories: puts a dashboard screen in a `<main>` like the shell's, so it is seen (and scanned)
 * as in the site without the sidebar and top bar around it.
 */
export const withDashboardMain: Decorator = (Story) => (
  <main className={storyMain}>
    <Story />
  </main>
);
