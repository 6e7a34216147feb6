import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Field, type FieldControlProps, type FieldProps, useFieldControl } from './Field';
import { control, input } from './Field.css';

function DemoInput(props: FieldControlProps & { defaultValue?: string }) {
  return (
    <div className={control} data-invalid={props['aria-invalid']} data-disabled={props.disabled}>
      <input className={input} {...props} />
    </div>
  );
}

/** A control that reads its props from the surrounding Field instead of a render prop. */
function ContextInput() {
  const { control: props } = useFieldControl();
  return <DemoInput {...props} />;
}

/**
 * The frame of every form control: a label, an optional hint and an optional error. Use it directly
 * only to build a new kind of control; forms use TextField, Select, PhoneField and the others, which
 * are Fields already. The label points at the control; hint and error describe it
 * (`aria-describedby`); an error sets `aria-invalid` and shows in the danger colour with an icon.
 */
const meta = {
  title: 'Forms/Field',
  component: Field,
  args: {
    label: 'Full name',
    children: ((props: FieldControlProps) => <DemoInput {...props} />) as FieldProps['children'],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).not.toHaveAttribute('aria-invalid');
    await expect(textbox).not.toHaveAttribute('aria-describedby');
    // Clicking the label focuses the control.
    await userEvent.click(canvas.getByText('Full name'));
    await waitFor(() => expect(textbox).toHaveFocus());
  },
};

export const WithHint: Story = {
  args: { hint: 'As it appears on your passport.' },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toHaveAccessibleDescription('As it appears on your passport.');
    await expect(textbox).not.toHaveAttribute('aria-invalid');
  },
};

export const WithError: Story = {
  args: { error: 'Please enter your fullname' },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox).toHaveAccessibleDescription('Please enter your fullname');
    // The icon is decoration: the words carry the message.
    const message = canvas.getByText('Please enter your fullname').closest('p');
    await expect(message?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const WithHintAndError: Story = {
  args: { hint: 'As it appears on your passport.', error: 'Please enter your fullname' },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toHaveAccessibleDescription(
      'As it appears on your passport. Please enter your fullname',
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name (required)' });
    await expect(textbox).toBeRequired();
  },
};

export const Optional: Story = {
  args: { label: 'Referral ID', optional: true },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Referral ID (optional)' });
    await expect(textbox).not.toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, hint: 'Contact support to change your name.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toBeDisabled();
  },
};

export const ControlFromContext: Story = {
  args: { hint: 'The control reads its props from the Field.', children: <ContextInput /> },
  play: async ({ canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toHaveAccessibleDescription('The control reads its props from the Field.');
    await userEvent.type(textbox, 'Ada Lovelace');
    await expect(textbox).toHaveValue('Ada Lovelace');
  },
};
