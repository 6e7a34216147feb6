import { createFileRoute } from '@tanstack/react-router';
import { siteConfig } from '../config';
import { privacyPolicy } from '../content/legal/privacy-policy';
import { LegalScreen } from '../screens/legal/LegalScreen';

function PrivacyPolicyPage() {
  return <LegalScreen document={privacyPolicy(siteConfig)} />;
}

export const Route = createFileRoute('/_public/privacy-policy')({
  component: PrivacyPolicyPage,
  staticData: { page: '/privacy-policy' },
});
