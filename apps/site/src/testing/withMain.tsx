import type { Decorator } from '@storybook/react-vite';
import { storyMain } from './storyMain.css';

/**
 * For stories of the parts in `src/shared/` (which import nothing from `src/screens/`, so not the
 * dashboard's `withDashboardMain`): the part in a `<main>` with a signed-in page's background and
 * padding, seen (and scanned) as on a page.
 */
export const withMain: Decorator = (Story) => (
  <main className={storyMain}>
    <Story />
  </main>
);
