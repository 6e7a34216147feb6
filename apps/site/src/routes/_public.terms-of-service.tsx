import { createFileRoute } from '@tanstack/react-router';
import { siteConfig } from '../config';
import { termsOfService } from '../content/legal/terms-of-service';
import { LegalScreen } from '../screens/legal/LegalScreen';

function TermsOfServicePage() {
  return <LegalScreen document={termsOfService(siteConfig)} />;
}

export const Route = createFileRoute('/_public/terms-of-service')({
  component: TermsOfServicePage,
  staticData: { page: '/terms-of-service' },
});
