import { expect, screen, waitFor, within } from 'storybook/test';

/**
 * Waits for the toast saying `text` to be on screen, holds it there, and answers it (its list item). Toasts render in a
 * portal, load with the first one and slide in; the query looks only in the toasts' region, because
 * Radix also copies the text into a hidden live region for screen readers.
 */
export async function expectToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  const words = await within(region).findByText(text);
  const item = words.closest('li');
  if (!item) throw new Error(`No toast around "${String(text)}"`);
  await waitFor(() => expect(item).toBeVisible());
  // Pointing at the toasts pauses their timers, as it does for a person reading them: the toast the
  // story found stays for the checks and screenshots after it, however slow the machine (a success
  // toast would otherwise close 2000 ms after it opened).
  item.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
  return item;
}
