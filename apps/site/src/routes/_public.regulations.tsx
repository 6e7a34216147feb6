import { createFileRoute } from '@tanstack/react-router';
import { siteConfig } from '../config';
import { regulations } from '../content/legal/regulations';
import { LegalScreen } from '../screens/legal/LegalScreen';

function RegulationsPage() {
  return <LegalScreen document={regulations(siteConfig)} />;
}

export const Route = createFileRoute('/_public/regulations')({
  component: RegulationsPage,
  staticData: { page: '/regulations' },
});
