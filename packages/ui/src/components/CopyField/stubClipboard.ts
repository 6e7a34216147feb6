// For stories only: a clipboard whose writes the play functions can read.
import { fn } from 'storybook/test';

export { expectCopiedFor } from '../../testing/copyConfirmation';

/** Stands in for `navigator.clipboard.writeText` while a story runs. */
export const writeText = fn(async (_text: string): Promise<void> => {}).mockName('clipboard.writeText');

/** A story `beforeEach`: replaces the clipboard (the headless browser has no real one) and restores it after. */
export function stubClipboard() {
  writeText.mockReset();
  writeText.mockImplementation(async () => {});
  // The real clipboard is a getter on Navigator.prototype: an own property shadows it.
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return () => {
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}

/** A story `beforeEach` for a browser that refuses to copy (no permission, no secure context). */
export function refuseClipboard() {
  writeText.mockImplementation(async () => {
    throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
}
