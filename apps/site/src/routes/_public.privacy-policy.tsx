import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../screens/legal/legalPages';

export const Route = createFileRoute('/_public/privacy-policy')({
  component: PrivacyPolicyPage,
  staticData: { page: '/privacy-policy' },
});
