import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { siteConfig } from '../../config';
import { privacyPolicy } from '../../content/legal/privacy-policy';
import { regulations } from '../../content/legal/regulations';
import { termsOfService } from '../../content/legal/terms-of-service';
import type { LegalDocument } from '../../content/types';
import { withRouter } from '../../testing/storyRouter';
import { LegalScreen } from './LegalScreen';

/** The title, its date, the contents and every section under its own heading. */
function checkDocument(document: LegalDocument, date: string) {
  return async ({ canvas }: { canvas: ReturnType<typeof within> }) => {
    // The story's router renders the screen after its first tick.
    await expect(await canvas.findByRole('heading', { level: 1, name: document.title })).toBeVisible();
    await expect(canvas.getByText(`Last updated ${date}`)).toBeVisible();
    const contents = canvas.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(document.sections.map((s) => s.heading));
    for (const [index, section] of document.sections.entries()) {
      const heading = canvas.getByRole('heading', { level: 2, name: section.heading });
      // Each contents link leads to its section's heading.
      await expect(links[index]).toHaveAttribute('href', `#${heading.id}`);
    }
  };
}

/**
 * /regulations, /privacy-policy and /terms-of-service: one screen for the three legal documents. The
 * site's header and footer come from the public layout, not from this screen.
 */
const meta = {
  title: 'Site/Public/Legal',
  component: LegalScreen,
  parameters: { layout: 'fullscreen', screenshot: { height: 1000 } },
} satisfies Meta<typeof LegalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Regulations: Story = {
  decorators: [withRouter('/regulations')],
  args: { document: regulations(siteConfig) },
  play: checkDocument(regulations(siteConfig), 'September 10, 2023'),
};

/** The privacy policy, dated September 10, 2023. */
export const PrivacyPolicy: Story = {
  decorators: [withRouter('/privacy-policy')],
  args: { document: privacyPolicy(siteConfig) },
  play: checkDocument(privacyPolicy(siteConfig), 'September 10, 2023'),
};

/** The terms of service, dated August 10, 2022. */
export const TermsOfService: Story = {
  decorators: [withRouter('/terms-of-service')],
  args: { document: termsOfService(siteConfig) },
  play: checkDocument(termsOfService(siteConfig), 'August 10, 2022'),
};
