import { expect, screen, waitFor, within } from 'storybook/test';

/**
 * Waits for the toast saying `text` to be on screen, and answers it (its list item). Toasts render in a
 * portal, load with the first one and slide in; the query looks only in the toasts' region, because
 * Radix also copies the text into a hidden live region for screen readers.
 */
export async function expectToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' }, { timeout: 3000 });
  const words = await within(region).findByText(text, {}, { timeout: 3000 });
  const item = words.closest('li');
  if (!item) throw new Error(`No toast around "${String(text)}"`);
  await waitFor(() => expect(item).toBeVisible(), { timeout: 3000 });
  return item;
}
