import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Tabs, type TabsRootProps } from './Tabs';

/**
 * Use Tabs to split one subject into views a person switches between without leaving the page,
 * such as the profile's three sections. Only one panel shows at a time; arrow keys move between
 * the tabs. For steps in order use `Steps`; for many short answers use `Accordion`.
 */
const meta = {
  title: 'Structure/Tabs',
  component: Tabs.Root,
  args: { defaultValue: 'personal' },
  render: (args) => <ProfileTabs {...args} />,
} satisfies Meta<typeof Tabs.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows: [string, string][] = [
  ['Full Name', 'Jane Cooper'],
  ['Email', 'jane.cooper@example.com'],
  ['Phone Number', '(415) 555-0132'],
  ['Country', 'United States'],
  ['Investment Goal', 'unknown'],
];

function ProfileTabs(props: TabsRootProps) {
  return (
    <Tabs.Root {...props}>
      <Tabs.List aria-label="Profile">
        <Tabs.Trigger value="personal">Personal Information</Tabs.Trigger>
        <Tabs.Trigger value="security">Security Information</Tabs.Trigger>
        <Tabs.Trigger value="notifications">Notifications</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="personal">
        <dl
          style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: vars.space.md, margin: 0 }}
        >
          {rows.map(([term, detail]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt style={{ color: vars.color.textMuted }}>{term}</dt>
              <dd style={{ margin: 0 }}>{detail}</dd>
            </div>
          ))}
        </dl>
      </Tabs.Content>
      <Tabs.Content value="security">
        <p>Save my Activity Logs</p>
      </Tabs.Content>
      <Tabs.Content value="notifications">
        <p>Choose which security alerts and news you receive.</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}

export const PersonalInformation: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab')).toHaveLength(3);
    await expect(canvas.getByRole('tab', { name: 'Personal Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = canvas.getByRole('tabpanel', { name: 'Personal Information' });
    await expect(panel).toHaveTextContent('Jane Cooper');
    await expect(canvas.queryByText('Save my Activity Logs')).toBeNull();
  },
};

export const SecurityInformation: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Security Information' }));
    await expect(canvas.getByRole('tab', { name: 'Security Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tab', { name: 'Personal Information' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Security Information' })).toHaveTextContent(
      'Save my Activity Logs',
    );
    await expect(canvas.queryByText('Jane Cooper')).toBeNull();
  },
};

export const KeyboardArrows: Story = {
  play: async ({ canvas }) => {
    const personal = canvas.getByRole('tab', { name: 'Personal Information' });
    const security = canvas.getByRole('tab', { name: 'Security Information' });
    const notifications = canvas.getByRole('tab', { name: 'Notifications' });
    // Tab reaches the selected tab only; arrows then move and select.
    await userEvent.tab();
    await waitFor(() => expect(personal).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(security).toHaveFocus());
    await expect(security).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(notifications).toHaveAttribute('aria-selected', 'true');
    // It wraps around, and Home/End jump to the ends.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(personal).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(notifications).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await expect(security).toHaveAttribute('aria-selected', 'true');
    // The next Tab leaves the tab list for the panel.
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('tabpanel', { name: 'Security Information' })).toHaveFocus());
  },
};

/** Every tab stays in view on a phone: labels wrap and, when even that is too narrow, tabs move to a second row. */
export const OnAPhone: Story = {
  parameters: { screenshot: { width: 320, height: 400 } },
  play: async ({ canvas }) => {
    for (const tab of canvas.getAllByRole('tab')) {
      const box = tab.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(320);
      await expect(tab.scrollWidth).toBeLessThanOrEqual(tab.clientWidth);
    }
    const list = canvas.getByRole('tablist', { name: 'Profile' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await userEvent.click(canvas.getByRole('tab', { name: 'Notifications' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Notifications' })).toBeVisible();
  },
};
