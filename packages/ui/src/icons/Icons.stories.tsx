import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../theme/contract.css';
import * as fundIcons from './fundIcons';
import * as icons from './icons';

const entries = [...Object.entries(icons), ...Object.entries(fundIcons)];

/**
 * Every icon of the design system, by name, at 24 px in the text colour. Components draw their
 * icons from `src/icons/icons.tsx` (the funds' from `fundIcons.tsx`); an icon is decorative (`aria-hidden`), so words beside it or
 * the control's name say what it means.
 */
const meta = {
  title: 'Foundations/Icons',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {
  render: () => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, 1fr)',
        gap: vars.space.sm,
        margin: 0,
        padding: 0,
        listStyle: 'none',
        fontSize: vars.fontSize.sm,
        color: vars.color.text,
      }}
    >
      {entries.map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: vars.space.sm }}>
          <Icon style={{ flexShrink: 0, fontSize: vars.space.xl }} />
          <span>{name}</span>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas, canvasElement }) => {
    const svgs = canvasElement.querySelectorAll('svg');
    await expect(svgs).toHaveLength(entries.length);
    for (const svg of svgs) await expect(svg).toHaveAttribute('aria-hidden', 'true');
    for (const [name] of entries) await expect(canvas.getByText(name)).toBeVisible();
  },
};
