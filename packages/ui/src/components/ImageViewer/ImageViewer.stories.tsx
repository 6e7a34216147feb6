import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ImageViewer } from './ImageViewer';

// Drawings made of shapes only (no text, so no font can change them): a till receipt, portrait, and a
// passport's photo page, landscape. The pictures themselves, not theme colours.
const receiptLines = Array.from(
  { length: 9 },
  (_, row) =>
    `<rect x="60" y="${190 + row * 34}" width="${180 + ((row * 53) % 120)}" height="12" rx="6" fill="#9ca3af"/>` +
    `<rect x="${350 + ((row * 17) % 30)}" y="${190 + row * 34}" width="${70 - ((row * 17) % 30)}" height="12" rx="6" fill="#6b7280"/>`,
).join('');
const receiptSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">
<rect width="480" height="640" fill="#e5e7eb"/>
<rect x="30" y="20" width="420" height="600" fill="#ffffff" stroke="#d1d5db" stroke-width="2"/>
<rect x="60" y="60" width="360" height="40" rx="4" fill="#0f766e"/>
<rect x="140" y="120" width="200" height="14" rx="7" fill="#4b5563"/>
<rect x="170" y="146" width="140" height="10" rx="5" fill="#9ca3af"/>
${receiptLines}
<rect x="60" y="506" width="360" height="2" fill="#111827"/>
<rect x="60" y="526" width="120" height="20" rx="4" fill="#111827"/>
<rect x="320" y="526" width="100" height="20" rx="4" fill="#111827"/>
<rect x="60" y="570" width="360" height="24" fill="#111827" opacity="0.85"/>
</svg>`;
const passportSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="440" viewBox="0 0 640 440">
<rect width="640" height="440" rx="18" fill="#dbeafe"/>
<rect x="30" y="30" width="580" height="40" rx="6" fill="#1e3a8a"/>
<rect x="40" y="100" width="170" height="220" rx="8" fill="#93c5fd"/>
<circle cx="125" cy="175" r="45" fill="#1e40af"/>
<rect x="70" y="235" width="110" height="85" rx="40" fill="#1e40af"/>
<rect x="240" y="110" width="220" height="14" rx="7" fill="#1e3a8a"/>
<rect x="240" y="150" width="300" height="14" rx="7" fill="#3b82f6"/>
<rect x="240" y="190" width="180" height="14" rx="7" fill="#3b82f6"/>
<rect x="240" y="230" width="260" height="14" rx="7" fill="#3b82f6"/>
<rect x="240" y="270" width="140" height="14" rx="7" fill="#3b82f6"/>
<rect x="30" y="350" width="580" height="22" rx="4" fill="#1e3a8a" opacity="0.7"/>
<rect x="30" y="386" width="580" height="22" rx="4" fill="#1e3a8a" opacity="0.7"/>
</svg>`;
const dataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
const receipt = dataUrl(receiptSvg);
const passport = dataUrl(passportSvg);

/** The viewer's parts, found as a person finds them. */
function partsOf(canvasElement: HTMLElement, alt: string) {
  const canvas = within(canvasElement);
  return {
    image: canvas.getByRole('img', { name: alt }),
    frame: canvas.getByRole('group', { name: `${alt} (zoomable)` }),
    zoomIn: canvas.getByRole('button', { name: 'Zoom in' }),
    zoomOut: canvas.getByRole('button', { name: 'Zoom out' }),
    fit: canvas.getByRole('button', { name: 'Fit' }),
    level: () => canvas.getByText(/^\d+%$/),
  };
}

/** The image's drawn width, once it is known (the image has loaded and been measured). */
async function drawnWidth(image: HTMLElement) {
  await waitFor(() => expect(image.style.width).not.toBe(''));
  return image.getBoundingClientRect().width;
}

/**
 * An image to read closely in the back office: a deposit's receipt, a KYC document. It fits its
 * frame at 100% and zooms in steps up to 400% (buttons, or `+`, `-` and `0` while it has focus);
 * zoomed in, the frame scrolls to pan. The level is announced politely. `loading` and `error` hold
 * the image's place while it is fetched or when it cannot be.
 */
const meta = {
  title: 'Structure/ImageViewer',
  component: ImageViewer,
  args: { src: receipt, alt: 'Receipt of deposit DEP-8R3T6Y1U' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '26rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { screenshot: { width: 480, height: 400 } },
} satisfies Meta<typeof ImageViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fitted in its frame, at 100%: nothing to zoom out to. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const { image, frame, zoomOut, fit, level } = partsOf(canvasElement, args.alt);
    await waitFor(() => expect(image).toBeVisible());
    await expect(level()).toHaveTextContent('100%');
    await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await expect(fit).toHaveAttribute('aria-disabled', 'true');
    // Fitted: the whole image shows, nothing to scroll.
    await drawnWidth(image);
    await expect(frame.scrollHeight).toBeLessThanOrEqual(frame.clientHeight);
    await expect(image.getBoundingClientRect().height).toBeCloseTo(frame.clientHeight, 0);
  },
};

/** The buttons zoom in steps; the level says where it is; "Fit" goes back to 100%. */
export const ZoomWithButtons: Story = {
  play: async ({ canvasElement, args }) => {
    const { image, zoomIn, zoomOut, fit, level } = partsOf(canvasElement, args.alt);
    const fitted = await drawnWidth(image);
    await userEvent.click(zoomIn);
    await expect(level()).toHaveTextContent('150%');
    await expect(image.getBoundingClientRect().width).toBeCloseTo(fitted * 1.5, 0);
    await userEvent.click(zoomIn);
    await expect(level()).toHaveTextContent('200%');
    await userEvent.click(zoomOut);
    await expect(level()).toHaveTextContent('150%');
    await userEvent.click(fit);
    await expect(level()).toHaveTextContent('100%');
    await expect(image.getBoundingClientRect().width).toBeCloseTo(fitted, 0);
    // The level is announced without interrupting.
    await expect(level()).toHaveAttribute('aria-live', 'polite');
  },
};

/** With the frame focused: + and - zoom, 0 fits; at 400% "Zoom in" stays focusable but does nothing. */
export const ZoomWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const { image, frame, zoomIn, level } = partsOf(canvasElement, args.alt);
    await drawnWidth(image);
    // The frame is in the tab order after the zoom buttons.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(frame).toHaveFocus());
    await userEvent.keyboard('+');
    await expect(level()).toHaveTextContent('150%');
    await userEvent.keyboard('+++');
    await expect(level()).toHaveTextContent('400%');
    await userEvent.keyboard('+');
    await expect(level()).toHaveTextContent('400%');
    await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('-');
    await expect(level()).toHaveTextContent('300%');
    await userEvent.keyboard('0');
    await expect(level()).toHaveTextContent('100%');
    await waitFor(() => expect(frame).toHaveFocus());
  },
};

/** Zoomed in to 200%: the frame scrolls, so the image pans; the frame shows its focus ring. */
export const ZoomedIn: Story = {
  args: { src: passport, alt: 'Passport of Jason Doe' },
  play: async ({ canvasElement, args }) => {
    const { image, frame, level } = partsOf(canvasElement, args.alt);
    await drawnWidth(image);
    frame.focus();
    await userEvent.keyboard('++');
    await expect(level()).toHaveTextContent('200%');
    await waitFor(() => expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth));
    // Zoomed about the middle: the frame is scrolled to the image's centre.
    const middle = (frame.scrollWidth - frame.clientWidth) / 2;
    await expect(Math.abs(frame.scrollLeft - middle)).toBeLessThanOrEqual(1);
    // Panning is scrolling, and every edge of the image can be reached.
    frame.scrollLeft = frame.scrollWidth;
    await expect(frame.scrollLeft + frame.clientWidth).toBeCloseTo(frame.scrollWidth, 0);
    const visibleRight = frame.getBoundingClientRect().left + frame.clientLeft + frame.clientWidth;
    await expect(image.getBoundingClientRect().right).toBeCloseTo(visibleRight, 0);
    frame.scrollLeft = middle;
  },
};

/** Fetching the image: a spinner, named for screen readers, holds its place. */
export const Loading: Story = {
  args: { src: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the image' })).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Zoom in' })).toBeNull();
  },
};

/** The image could not be fetched: the message passed in takes its place. */
export const WithError: Story = {
  args: { src: null, error: 'The image could not be loaded.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The image could not be loaded.')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** The bytes came but are not an image the browser can draw. */
export const Broken: Story = {
  args: { src: 'data:image/png;base64,AAAA' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The image could not be shown.')).toBeVisible();
  },
};
