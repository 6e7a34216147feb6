import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, waitFor } from 'storybook/test';
import { FileField } from './FileField';
import { documentFile, dragFiles, imageFile } from './sampleFiles';

const MB = 1024 * 1024;
/** 1.2 MB: shown as "1.2 MB". */
const receipt = imageFile('deposit-receipt.png', Math.round(1.2 * MB));

type Canvas = {
  getByLabelText: (text: string | RegExp) => HTMLElement;
  getByText: (text: string | RegExp) => HTMLElement;
};
/** The native file input, named by the field's label. */
const fileInput = (canvas: Canvas) => canvas.getByLabelText(/^Receipt/) as HTMLInputElement;
/** The drop zone, found by what it says. */
const dropZone = (canvas: Canvas) => canvas.getByText(/drag and drop a file here/i);

/**
 * One file for a deposit receipt or a KYC document. A person chooses it with "Choose file" (or
 * drops it on the zone); it is checked for type (JPEG, PNG or WebP by default) and size (5 MB by
 * default), shown with a preview, its name and size, and an upload progress bar while it is sent.
 * A second file, a wrong type or a file too large each get a plain message.
 */
const meta = {
  title: 'Forms/FileField',
  component: FileField,
  args: { label: 'Receipt', onFileChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 440 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FileField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Choose file' })).toBeEnabled();
    const input = fileInput(canvas);
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await expect(input).not.toHaveAttribute('multiple');
    // Without a hint, the field says what it takes.
    await expect(canvas.getByText('JPEG, PNG or WebP, up to 5 MB.')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('JPEG, PNG or WebP, up to 5 MB.');
  },
};

export const ChooseWithKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = fileInput(canvas);
    // Stand in for the system's file picker, which a test cannot drive.
    const opened = fn((event: Event) => event.preventDefault());
    input.addEventListener('click', opened);
    // The hidden input is skipped: Tab lands on the button, Enter and Space open the picker.
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Choose file' });
    await waitFor(() => expect(button).toHaveFocus());
    await expect(button).toHaveAccessibleDescription(/^Receipt/);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(opened).toHaveBeenCalledTimes(2);
    input.removeEventListener('click', opened);
  },
};

export const FileChosen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.upload(fileInput(canvas), receipt);
    await expect(args.onFileChange).toHaveBeenCalledWith(receipt);
    await expect(canvas.getByText('deposit-receipt.png')).toBeVisible();
    await expect(canvas.getByText('1.2 MB')).toBeVisible();
    const preview = (await canvas.findByRole('img', {
      name: 'Preview of deposit-receipt.png',
    })) as HTMLImageElement;
    await expect(preview.src).toMatch(/^blob:/);
    await waitFor(() => expect(preview.naturalWidth).toBe(64));
    await expect(canvas.getByRole('button', { name: 'Remove deposit-receipt.png' })).toBeVisible();
  },
};

export const FileDropped: Story = {
  play: async ({ args, canvas }) => {
    const file = imageFile('passport.webp', 2400, 'image/webp');
    dragFiles(dropZone(canvas), [file]);
    await waitFor(() => expect(args.onFileChange).toHaveBeenCalledWith(file));
    await expect(canvas.getByText('passport.webp')).toBeVisible();
    await expect(canvas.getByText('2.3 KB')).toBeVisible();
    // The dropped file is also the native input's, for a plain form submission.
    await expect(fileInput(canvas).files?.[0]).toBe(file);
  },
};

export const Dragging: Story = {
  play: async ({ args, canvas }) => {
    dragFiles(dropZone(canvas), [receipt], { drop: false });
    await expect(await canvas.findByText('Drop the file to choose it')).toBeVisible();
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

export const TooLarge: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.upload(fileInput(canvas), imageFile('scan.png', 6 * MB));
    const message = 'This file is larger than 5 MB.';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(fileInput(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput(canvas)).toHaveAccessibleDescription(`JPEG, PNG or WebP, up to 5 MB. ${message}`);
    await expect(args.onFileChange).not.toHaveBeenCalled();
    await expect(canvas.queryByText('scan.png')).toBeNull();
  },
};

export const WrongType: Story = {
  play: async ({ args, canvas }) => {
    dragFiles(dropZone(canvas), [documentFile('statement.pdf', 48_000)]);
    await expect(
      await canvas.findByText('This file type is not accepted. Choose a JPEG, PNG or WebP image.'),
    ).toBeVisible();
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

export const TwoFiles: Story = {
  play: async ({ args, canvas }) => {
    dragFiles(dropZone(canvas), [imageFile('front.png', 900), imageFile('back.png', 900)]);
    await expect(await canvas.findByText('Please choose one file only.')).toBeVisible();
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

export const RejectedKeepsTheChosenFile: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.upload(fileInput(canvas), receipt);
    dragFiles(dropZone(canvas), [imageFile('front.png', 900), imageFile('back.png', 900)]);
    await expect(await canvas.findByText('Please choose one file only.')).toBeVisible();
    await expect(canvas.getByText('deposit-receipt.png')).toBeVisible();
    await expect(args.onFileChange).toHaveBeenCalledTimes(1);
    // A good file clears the message.
    const file = imageFile('receipt-2.png', 900);
    dragFiles(dropZone(canvas), [file]);
    await waitFor(() => expect(canvas.queryByText('Please choose one file only.')).toBeNull());
    await expect(args.onFileChange).toHaveBeenLastCalledWith(file);
  },
};

export const Removed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const revoke = spyOn(URL, 'revokeObjectURL');
    try {
      await userEvent.upload(fileInput(canvas), receipt);
      const preview = (await canvas.findByRole('img', { name: /^Preview of/ })) as HTMLImageElement;
      const url = preview.src;
      await userEvent.click(canvas.getByRole('button', { name: 'Remove deposit-receipt.png' }));
      await expect(args.onFileChange).toHaveBeenLastCalledWith(null);
      await expect(canvas.queryByText('deposit-receipt.png')).toBeNull();
      // The preview's object URL is released, and focus stays in the field.
      await expect(revoke).toHaveBeenCalledWith(url);
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Choose file' })).toHaveFocus());
      await expect(fileInput(canvas).files).toHaveLength(0);
    } finally {
      revoke.mockRestore();
    }
  },
};

export const Uploading: Story = {
  args: { file: receipt, progress: 45 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading' });
    await expect(bar).toHaveAttribute('value', '45');
    await expect(bar).toHaveAttribute('max', '100');
    await expect(canvas.getByText('45%')).toBeVisible();
  },
};

export const UploadComplete: Story = {
  args: { file: receipt, progress: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Upload complete' })).toHaveAttribute(
      'value',
      '100',
    );
  },
};

export const DocumentChosen: Story = {
  args: {
    label: 'Identity document',
    accept: ['image/jpeg', 'image/png', 'application/pdf'],
    maxSize: 10 * MB,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('JPEG, PNG or PDF, up to 10 MB.')).toBeVisible();
    dragFiles(dropZone(canvas), [documentFile('passport.pdf', 845_000)]);
    await expect(await canvas.findByText('passport.pdf')).toBeVisible();
    await expect(canvas.getByText('825 KB')).toBeVisible();
    // No preview for a document: an icon stands in.
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const WithHint: Story = {
  args: { hint: 'A photo or scan of the bank receipt. JPEG, PNG or WebP, up to 5 MB.' },
  play: async ({ canvas }) => {
    await expect(fileInput(canvas)).toHaveAccessibleDescription(
      'A photo or scan of the bank receipt. JPEG, PNG or WebP, up to 5 MB.',
    );
  },
};

export const WithError: Story = {
  args: { error: 'Please upload your receipt' },
  play: async ({ canvas }) => {
    await expect(fileInput(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(
      /Please upload your receipt$/,
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Receipt (required)')).toBeRequired();
  },
};

export const Optional: Story = {
  args: { optional: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Receipt (optional)')).not.toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Choose file' })).toBeDisabled();
    dragFiles(dropZone(canvas), [receipt]);
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};
